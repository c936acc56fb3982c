// A BODENRICHTWERT formula filled down a column runs once per row: each run
// reads the properties and its cache buckets and makes its own request, and
// Google counts property reads against a daily quota. One formula over the
// range does it all in one run; the sidebar suggests it when it finds a column
// filled row by row.
import type { FormulaDocument } from './workbook/document.js';

/** From this many single-address formulas on, the sidebar makes the suggestion. */
export const FILL_DOWN_THRESHOLD = 10;

/** =BODENRICHTWERT(A2 …) with a single cell as the address. */
const SINGLE_CELL_LOOKUP = /^=\s*BODENRICHTWERT\s*\(\s*\$?([A-Z]{1,3})\$?(\d+)\s*[;,)]/i;

/** The suggestion, or null when no column is filled row by row. */
export function fillDownHint(document: FormulaDocument): string | null {
  const rowsByColumn = new Map<string, number[]>();
  for (const sheet of document.getSheets()) {
    for (const row of sheet.getDataRange().getFormulas()) {
      for (const formula of row) {
        const match = SINGLE_CELL_LOOKUP.exec(formula.trim());
        if (!match) continue;
        const column = (match[1] ?? '').toUpperCase();
        rowsByColumn.set(column, [...(rowsByColumn.get(column) ?? []), Number(match[2])]);
      }
    }
  }
  const [column, rows] = [...rowsByColumn].sort((a, b) => b[1].length - a[1].length)[0] ?? [];
  if (column === undefined || rows === undefined || rows.length < FILL_DOWN_THRESHOLD) return null;
  const range = `${column}${Math.min(...rows)}:${column}${Math.max(...rows)}`;
  return `${rows.length} Zellen fragen je eine Adresse aus Spalte ${column} ab. Eine Formel über den Bereich, z. B. =BODENRICHTWERT(${range}), läuft einmal statt ${rows.length}-mal: schneller, mit einer Anfrage je 100 Adressen, und sie liest die Einstellungen einmal (Google begrenzt die Lesezugriffe je Tag).`;
}
