// =BODENWERT(brw; gfz_referenz; gfz_tatsaechlich; [flaeche]; [hinterland_flaeche_m2];
// [hinterland_faktor]) computed locally with the shared core: no request, no quota.
import {
  calculateBodenwert,
  cellMessage,
  parseBodenwertInput,
  type BodenwertInput,
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

const FIELDS = [
  'brw',
  'gfz_referenz',
  'gfz_tatsaechlich',
  'flaeche',
  'hinterland_flaeche_m2',
  'hinterland_faktor',
] as const satisfies readonly (keyof BodenwertInput)[];

/** Blank cells are omitted arguments; dates and booleans stay as they are and are rejected. */
const asInput = (value: CellValue): unknown => (isBlank(value) ? undefined : value);

export function bodenwertFormula(args: readonly CellArgument[]): FormulaResult {
  const grid = toGrid(args);
  const results = mapGrid(grid, (row, column): CellResult => {
    // An empty row of a range stays empty instead of reporting missing parameters.
    if (isBlankRow(grid, row, column)) return { value: '' };
    const values = FIELDS.map((_, index) => grid.cell(index, row, column));
    const body = Object.fromEntries(FIELDS.map((field, index) => [field, asInput(values[index])]));
    const input = parseBodenwertInput(body);
    if (!input.ok) return { error: cellMessage(input.error, 'sheets') };
    const result = calculateBodenwert(input.value);
    return { value: result.bodenwert_euro ?? result.bodenrichtwert_tatsaechlich_euro_pro_m2 };
  });
  return present(grid, results);
}
