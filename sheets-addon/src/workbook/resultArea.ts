// The cells a formula's result covers: an array result spills below and to
// the right of its formula, so fixing or refreshing part of it is about all of
// it. A table (BODENRICHTWERT_ZONEN, BODENRICHTWERT_FLURSTUECK) covers its kept
// table; one not kept yet, its formula's cell.
import type { CellRecord } from '../record/cellRecord.js';
import { tableKey, type AddonFormula } from './addonFormulas.js';
import type { Area } from './document.js';

export function resultArea(formula: AddonFormula, record: CellRecord): Area {
  const one = { sheet: formula.sheet.getName(), row: formula.row, column: formula.column };
  const cells = formula.result?.cells;
  if (cells === undefined || cells.length === 0) return { ...one, rows: 1, columns: 1 };
  const key = tableKey(formula);
  if (key !== undefined) {
    const table = record.get(key)?.t;
    if (table === undefined) return { ...one, rows: 1, columns: 1 };
    return { ...one, rows: table.length, columns: Math.max(1, ...table.map((row) => row.length)) };
  }
  return { ...one, rows: cells.length, columns: Math.max(1, ...cells.map((row) => row.length)) };
}
