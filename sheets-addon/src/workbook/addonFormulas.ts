// The add-on's formulas in the spreadsheet, each with the record keys of its
// cells, derived from the arguments as the custom functions derive them
// (formulaRows.ts). With them the sidebar knows, without running anything,
// which formulas have every answer kept and which still need a run.
import { cellMessage } from '#shared/index.js';
import type { CellArgument } from '../cells.js';
import type { AddonServices } from '../ports.js';
import { LOOKUP_FUNCTIONS, bodenrichtwertRows, zonesRequest } from '../lookup/formulaRows.js';
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
  /** A formula that is one call: the cells of its result (a zone table: one cell, its stored table). */
  result: { name: FormulaCall['name']; cells: ResultCell[][] } | undefined;
}

type Services = Pick<AddonServices, 'calendarDay' | 'digest'>;

function resultOf(call: FormulaCall, args: CellArgument[], services: Services): ResultCell[][] {
  if (call.name === LOOKUP_FUNCTIONS.zonen) {
    const request = zonesRequest(args, services);
    if (request === null) return [[{ kind: 'blank' }]];
    if (request.inputError)
      return [[{ kind: 'message', text: cellMessage(request.inputError, 'sheets') }]];
    return [[{ kind: 'stored', key: request.recordKey }]];
  }
  try {
    return bodenrichtwertRows(args, services).rows.map((cells) =>
      cells.map((request): ResultCell => {
        if (request === null) return { kind: 'blank' };
        if (request.inputError)
          return { kind: 'message', text: cellMessage(request.inputError, 'sheets') };
        return { kind: 'stored', key: request.recordKey };
      }),
    );
  } catch {
    // Ranges of different sizes: the formula shows that error itself, and asks nothing.
    return [];
  }
}

/** Every formula of the given sheets (default: all) that calls BODENRICHTWERT or BODENRICHTWERT_ZONEN. */
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
