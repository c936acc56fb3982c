// The add-on's formulas in the spreadsheet (every function of the table of
// spreadsheet functions that asks the service), each with the record keys of
// its cells, derived from the arguments by the functions' own code
// (tableCells.ts, from the table's record). With them the sidebar knows, without
// running anything, which formulas have every answer kept and which still
// need a run.
import { SPREADSHEET_FUNCTIONS, cellMessage, sheetsFunction } from '#shared/index.js';
import type { CellArgument } from '../cells.js';
import type { AddonServices } from '../ports.js';
import { oneCell, tableCells, type TableCell } from '../lookup/tableCells.js';
import { argumentValue, SheetValues } from './argumentValues.js';
import type { DocumentSheet, FormulaDocument } from './document.js';
import { lookupCalls, type FormulaCall } from './formulaCalls.js';

/** One cell of a formula's result, and where what it shows comes from. */
export type ResultCell =
  | { kind: 'blank' }
  /** Shown without a lookup (a bad land-use code, field or date). */
  | { kind: 'message'; text: string }
  | { kind: 'stored'; key: string };

export interface AddonFormula {
  sheet: DocumentSheet;
  row: number;
  column: number;
  formula: string;
  /** The record keys its calls need; undefined when an argument cannot be read from the sheet. */
  keys: string[] | undefined;
  /**
   * A formula that is one call: the cells of its result (a table of zones or
   * of a parcel: one cell, its stored table).
   */
  result: { name: FormulaCall['name']; cells: ResultCell[][] } | undefined;
}

type Services = Pick<AddonServices, 'calendarDay' | 'digest'>;

/** The functions whose one result cell keeps a table that spills ("Werte fixieren" writes the table). */
const TABLE_FUNCTIONS: ReadonlySet<string> = new Set(
  SPREADSHEET_FUNCTIONS.filter((fn) => fn.fix === 'table').map((fn) => fn.sheets),
);

/** The record key of the table a formula's result shows; undefined for any other result. */
export function tableKey(formula: AddonFormula): string | undefined {
  const first = formula.result?.cells[0]?.[0];
  if (formula.result === undefined || !TABLE_FUNCTIONS.has(formula.result.name)) return undefined;
  return first?.kind === 'stored' ? first.key : undefined;
}

/** A cell of a result: blank, the message of an input error, or the answer kept under its key. */
function resultCell(request: TableCell | null): ResultCell {
  if (request === null) return { kind: 'blank' };
  if (request.inputError)
    return { kind: 'message', text: cellMessage(request.inputError, 'sheets') };
  return { kind: 'stored', key: request.recordKey };
}

function resultOf(call: FormulaCall, args: CellArgument[], services: Services): ResultCell[][] {
  const fn = sheetsFunction(call.name);
  if (fn === undefined) return [];
  if (fn.range !== true) return [[resultCell(oneCell(fn, args, services))]];
  try {
    return tableCells(fn, args, services).rows.map((cells) => cells.map(resultCell));
  } catch {
    // Ranges of different sizes: the formula shows that error itself, and asks nothing.
    return [];
  }
}

/** Every formula of the given sheets (default: all) that calls one of the add-on's lookup functions. */
export function addonFormulas(
  document: FormulaDocument,
  services: Services,
  sheets: readonly DocumentSheet[] = document.getSheets(),
): AddonFormula[] {
  const values = new SheetValues(document);
  const found: AddonFormula[] = [];
  for (const sheet of sheets) {
    sheet
      .getDataRange()
      .getFormulas()
      .forEach((cells, r) =>
        cells.forEach((formula, c) => {
          const calls = lookupCalls(formula);
          if (calls.length === 0) return;
          let keys: string[] | undefined = [];
          let result: AddonFormula['result'];
          for (const call of calls) {
            const args = call.args.map((text) => argumentValue(text, sheet.getName(), values));
            if (args.some((arg) => arg === undefined)) {
              keys = undefined;
              continue;
            }
            const cells = resultOf(
              call,
              args.map((arg) => arg?.value),
              services,
            );
            keys?.push(
              ...cells.flat().flatMap((cell) => (cell.kind === 'stored' ? [cell.key] : [])),
            );
            if (call.whole) result = { name: call.name, cells };
          }
          found.push({ sheet, row: r + 1, column: c + 1, formula, keys, result });
        }),
      );
  }
  return found;
}
