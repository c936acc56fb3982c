// =BODENWERT(brw; gfz_referenz; gfz_tatsaechlich; [flaeche]; [hinterland_flaeche_m2];
// [hinterland_faktor]) computed locally with the shared core: no request, no quota.
import {
  calculateBodenwert,
  cellMessage,
  parseBodenwertInput,
  type SpreadsheetFunction,
} from '#shared/index.js';
import {
  isBlank,
  isBlankRow,
  mapGrid,
  present,
  toGrid,
  type CellArgument,
  type CellResult,
  type CellValue,
  type FormulaResult,
} from './cells.js';

/** Blank cells are omitted arguments; dates and booleans stay as they are and are rejected. */
const asInput = (value: CellValue): unknown => (isBlank(value) ? undefined : value);

/** `fn`: the table's record; its arguments' names are the fields of POST /api/bodenwert. */
export function bodenwertFormula(
  fn: SpreadsheetFunction,
  args: readonly CellArgument[],
): FormulaResult {
  const fields = fn.args.map((arg) => arg.name);
  const grid = toGrid(args);
  const results = mapGrid(grid, (row, column): CellResult => {
    // An empty row of a range stays empty instead of reporting missing parameters.
    if (isBlankRow(grid, row, column)) return { value: '' };
    const body = Object.fromEntries(
      fields.map((field, index) => [field, asInput(grid.cell(index, row, column))]),
    );
    const input = parseBodenwertInput(body);
    if (!input.ok) return { error: cellMessage(input.error, 'sheets') };
    const result = calculateBodenwert(input.value);
    return { value: result.bodenwert_euro ?? result.bodenrichtwert_tatsaechlich_euro_pro_m2 };
  });
  return present(grid, results);
}
