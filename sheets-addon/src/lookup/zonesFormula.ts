// =BODENRICHTWERT_ZONEN(adresse; [stichtag]): every zone at one address as a
// table with a header row. The same lookup as BODENRICHTWERT of that address
// (same cache entry, counted once), so it costs nothing more next to it; the
// table is kept in the record like every answer a cell shows.
import { cellMessage, lookupOf, zoneTable, type SpreadsheetFunction } from '#shared/index.js';
import type { CellArgument, FormulaResult } from '../cells.js';
import {
  answerCells,
  pendingMessage,
  type FormulaContext,
  type Render,
} from './recordedAnswers.js';
import { oneCell } from './tableCells.js';

/** `args`: adresse, stichtag as the cells pass them; errors show as #ERROR! with the message. */
export function zonesFormula(
  fn: SpreadsheetFunction,
  args: readonly CellArgument[],
  context: FormulaContext,
): FormulaResult {
  const request = oneCell(fn, args, context.services);
  if (request === null) return '';
  if (request.inputError) throw new Error(cellMessage(request.inputError, 'sheets'));
  const render: Render = (response) => ({ t: zoneTable(response.bodenrichtwerte) });
  const { recordKey } = request;
  const lookup = lookupOf(fn, request.args);
  const answer = answerCells([{ recordKey, lookup, render }], context).get(recordKey);
  if (answer === undefined || answer.kind === 'pending') throw new Error(pendingMessage(1));
  if (answer.kind === 'error') throw new Error(answer.message);
  if (answer.cell.t !== undefined) return answer.cell.t;
  throw new Error(answer.cell.e ?? '');
}
