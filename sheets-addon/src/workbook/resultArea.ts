// The cells a formula's result covers: an array result spills below and to
// the right of its formula, so fixing or refreshing part of it is about all of it.
import type { CellRecord } from '../record/cellRecord.js';
import type { AddonFormula } from './addonFormulas.js';
import type { Area } from './document.js';

export function resultArea(formula: AddonFormula, record: CellRecord): Area {
  const one = { sheet: formula.sheet.getName(), row: formula.row, column: formula.column };
  const cells = formula.result?.cells;
  if (cells === undefined || cells.length === 0) return { ...one, rows: 1, columns: 1 };
  const first = cells[0]?.[0];
  if (formula.result?.name === 'BODENRICHTWERT_ZONEN' && first?.kind === 'stored') {
    const table = record.get(first.key)?.t;
    if (table === undefined) return { ...one, rows: 1, columns: 1 };
    return { ...one, rows: table.length, columns: Math.max(1, ...table.map((row) => row.length)) };
  }
  return { ...one, rows: cells.length, columns: Math.max(1, ...cells.map((row) => row.length)) };
}
