// "Werte aktualisieren": Sheets recalculates a custom function only when one of
// its arguments changes, so cells showing "Kein API-Schlüssel", a passing error
// or the unfinished note of a stopped run would stay. Removing and re-entering
// each BODENRICHTWERT formula makes Sheets run it again; answers the add-on
// keeps cost no request, and the unfinished addresses continue.

/** The part of a Spreadsheet this needs (SpreadsheetApp's classes satisfy it). */
export interface FormulaDocument {
  getSheets(): {
    getDataRange(): {
      getFormulas(): string[][];
      getCell(row: number, column: number): { setFormula(formula: string): unknown };
    };
  }[];
}

const LOOKUP_FORMULA = /(^|[^A-Z0-9_.])BODENRICHTWERT\s*\(/i;

/** Re-enters every BODENRICHTWERT formula; `flush` applies the removal first. */
export function refreshLookupFormulas(document: FormulaDocument, flush: () => void): number {
  const cells: { cell: { setFormula(formula: string): unknown }; formula: string }[] = [];
  for (const sheet of document.getSheets()) {
    const range = sheet.getDataRange();
    range.getFormulas().forEach((row, r) =>
      row.forEach((formula, c) => {
        if (LOOKUP_FORMULA.test(formula))
          cells.push({ cell: range.getCell(r + 1, c + 1), formula });
      }),
    );
  }
  if (cells.length === 0) return 0;
  for (const { cell } of cells) cell.setFormula('');
  flush();
  for (const { cell, formula } of cells) cell.setFormula(formula);
  return cells.length;
}
