// =BODENRICHTWERT(adresse; [nutzungsart]; [feld]; [stichtag]; [zone]) over single cells or ranges.
import {
  argumentOf,
  cellMessage,
  lookupOf,
  selectLookupValue,
  type BodenrichtwertResponse,
  type ReadArguments,
  type SpreadsheetFunction,
} from '#shared/index.js';
import {
  mapGrid,
  present,
  type CellArgument,
  type CellResult,
  type FormulaResult,
} from '../cells.js';
import {
  answerCells,
  pendingMessage,
  type AnsweredCell,
  type FormulaContext,
  type Render,
} from './recordedAnswers.js';
import { tableCells } from './tableCells.js';

/** The value of one cell, with the zone's land value and stichtag for the note of "Werte fixieren". */
function renderRow(fn: SpreadsheetFunction, args: ReadArguments): Render {
  const nutzungsart = argumentOf(fn, args, 'nutzungsart');
  const feld = argumentOf(fn, args, 'feld');
  const zone = argumentOf(fn, args, 'zone');
  return (response: BodenrichtwertResponse) => {
    const selected = selectLookupValue(response, nutzungsart, feld, zone);
    const value = selectLookupValue(response, nutzungsart, 'brw_euro_pro_m2', zone);
    const stichtag = selectLookupValue(response, nutzungsart, 'stichtag', zone);
    return {
      ...(selected.ok ? { v: selected.value } : { e: cellMessage(selected.error, 'sheets') }),
      ...(value.ok && typeof value.value === 'number' ? { b: value.value } : {}),
      ...(stichtag.ok ? { s: String(stichtag.value) } : {}),
    };
  };
}

/**
 * `args`: the function's arguments as the cells pass them (a range of
 * addresses gives one value per address).
 * While any cell is pending the whole formula throws (#ERROR! "Wird geladen …"):
 * Apps Script cannot put an error value into one cell of an array result, and
 * a text there would be skipped by SUMME without a sign, so a total over the
 * column would look final while it is too low.
 */
export function bodenrichtwertFormula(
  fn: SpreadsheetFunction,
  args: readonly CellArgument[],
  context: FormulaContext,
): FormulaResult {
  const { grid, rows } = tableCells(fn, args, context.services);
  const cells = new Map<string, AnsweredCell>();
  for (const request of rows.flat()) {
    if (request === null || request.inputError || cells.has(request.recordKey)) continue;
    cells.set(request.recordKey, {
      recordKey: request.recordKey,
      lookup: lookupOf(fn, request.args),
      render: renderRow(fn, request.args),
    });
  }
  const answers = answerCells([...cells.values()], context);

  const pending = new Set<string>();
  const results = mapGrid(grid, (row, column): CellResult => {
    const request = rows[row]?.[column] ?? null;
    if (request === null) return { value: '' };
    if (request.inputError) return { error: cellMessage(request.inputError, 'sheets') };
    const answer = answers.get(request.recordKey);
    if (answer?.kind === 'shown') {
      return answer.cell.v !== undefined
        ? { value: answer.cell.v }
        : { error: answer.cell.e ?? '' };
    }
    if (answer?.kind === 'error') return { error: answer.message };
    pending.add(lookupOf(fn, request.args).key);
    return { value: '' };
  });
  if (pending.size > 0) throw new Error(pendingMessage(pending.size));
  return present(grid, results);
}
