// Cells of the add-in that show #NAME? although the add-in is loaded, repaired
// by entering their formulas again (addinCells.ts), which runs them: they get
// their kept answers, with no request and no charge. Two host behaviours leave
// such cells: a workbook saved in an Excel without the add-in has its calls
// renamed to `_xldudf_…` (orphanedFormula.ts), and Excel may calculate a
// workbook before the add-in's functions are registered, showing #VALUE! or
// #NAME? (office-js #5408, #4833, #5686), which stays after the add-in has
// loaded (office-js #6355, closed by design). The add-in repairs them when it
// loads; the task pane offers the same repair in one click.
import { formatArea, parseArea } from '#shared/index.js';
import { addinFormula, isAddinFormula, reenterFormulas } from './addinCells.js';
import { excelRun } from './excelRun.js';
import { usedRangeRows } from './usedRangeRows.js';

/** What Excel shows in an add-in cell it calculated without the add-in's functions. */
const UNREGISTERED = new Set(['#NAME?', '#VALUE!']);

/** Whether a cell with this formula, showing this value, needs its formula entered again. */
export function needsRepair(formula: unknown, value: unknown): boolean {
  if (!isAddinFormula(formula)) return false;
  return (
    addinFormula(formula) !== formula || (typeof value === 'string' && UNREGISTERED.has(value))
  );
}

/** The cells ("Tabelle1!B2") of the workbook that need repair, read in pieces (usedRangeRows.ts). */
export function findCellsToRepair(): Promise<string[]> {
  return excelRun(async (context) => {
    const sheets = context.workbook.worksheets;
    sheets.load('items');
    await context.sync();
    const pieces = await usedRangeRows(context, sheets.items, ['formulas', 'values']);
    return pieces.flatMap((piece) => {
      const origin = parseArea(piece.address, '');
      return piece.formulas.flatMap((row, r) =>
        row.flatMap((formula: unknown, c) =>
          needsRepair(formula, piece.values[r]?.[c])
            ? [
                formatArea({
                  ...origin,
                  row: origin.row + r,
                  column: origin.column + c,
                  rows: 1,
                  columns: 1,
                }),
              ]
            : [],
        ),
      );
    });
  });
}

/** Repairs every such cell of the workbook; answers how many. */
export async function repairCells(): Promise<number> {
  return reenterFormulas(await findCellsToRepair());
}
