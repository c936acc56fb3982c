// A function of the table that asks one GET of its own (IMMOBILIENRICHTWERT,
// LIEGENSCHAFTSZINS): its arguments read as the table names them, its request
// and record key derived from the table, its answer kept in the record like
// every answer a cell shows, its source in the attribution list. A kept answer
// needs no key and no request; "Aktualisieren" flags it, and it is shown until
// a new answer is there.
import {
  AppError,
  DEFINITE_ERRORS,
  ErrorCode,
  cellMessage,
  errorFromResponse,
  functionRequest,
  missingKeyError,
  parseAnswerBody,
  requestArguments,
  requestUrlPath,
  type SpreadsheetFunction,
} from '#shared/index.js';
import { apiRequest, hasApiKey } from '../api.js';
import { recordAttributions } from '../attributionLog.js';
import type { CellArgument, FormulaResult } from '../cells.js';
import type { AddonServices } from '../ports.js';
import { CellRecord, type RecordEntry } from '../record/cellRecord.js';
import { readSettings } from '../settings.js';
import type { FormulaContext } from './recordedAnswers.js';
import { oneCell } from './tableCells.js';

type Services = Pick<AddonServices, 'calendarDay' | 'digest'>;

/** What a cell of such a function asks, or the input error it shows without asking. */
export type RequestCell =
  { path: string; recordKey: string; inputError?: undefined } | { inputError: AppError };

/** The cell's request and record key (tableCells.ts); null for a blank address. */
export function requestCell(
  fn: SpreadsheetFunction,
  args: readonly CellArgument[],
  services: Services,
): RequestCell | null {
  const cell = oneCell(fn, args, services);
  if (cell === null || cell.inputError) return cell;
  const request = functionRequest(fn, requestArguments(cell.args));
  if (request === undefined) throw new Error(`${fn.sheets} asks no request of its own`);
  return { path: requestUrlPath(request), recordKey: cell.recordKey };
}

const shown = (cell: { v?: string | number; e?: string }): FormulaResult => {
  if (cell.v !== undefined) return cell.v;
  throw new Error(cell.e ?? '');
};

/** Asks the service; the entry to keep, or the error of the moment. */
function ask(
  fn: SpreadsheetFunction,
  path: string,
  context: FormulaContext,
): RecordEntry | AppError {
  const { services } = context;
  const settings = readSettings(services, context.defaultServiceUrl);
  if (!hasApiKey(settings)) return missingKeyError();
  let response;
  try {
    [response] = services.http.fetchAll([apiRequest(settings, path)]);
  } catch (cause) {
    return new AppError(ErrorCode.serviceError, 'Der Dienst ist nicht erreichbar.', { cause });
  }
  if (response === undefined)
    return new AppError(ErrorCode.serviceError, 'Keine Antwort des Dienstes.');
  const body = parseAnswerBody(response.body);
  if (response.status !== 200) {
    const error = errorFromResponse(response.status, body);
    return DEFINITE_ERRORS.has(error.code) ? { cell: { e: cellMessage(error, 'sheets') } } : error;
  }
  const picked = fn.pick?.(body);
  if (picked === undefined || !picked.ok) {
    const message = picked?.ok === false ? picked.message : 'Unerwartete Antwort des Dienstes.';
    return new AppError(ErrorCode.serviceError, message);
  }
  const fetched = typeof (body as { abgerufen_am?: unknown }).abgerufen_am === 'string';
  const cell = {
    v: picked.value,
    a: fetched
      ? String((body as { abgerufen_am: string }).abgerufen_am).slice(0, 10)
      : services.calendarDay(new Date(services.clock.now())),
    ...(picked.stichtag === undefined ? {} : { s: picked.stichtag }),
    ...(picked.others.length === 0 ? {} : { h: picked.others }),
  };
  recordAttributions(services, [picked.attribution]);
  return { cell, source: picked.attribution };
}

/** The value of the function's one cell; errors show as #ERROR! with the message. */
export function requestFormula(
  fn: SpreadsheetFunction,
  args: readonly CellArgument[],
  context: FormulaContext,
): FormulaResult {
  const request = requestCell(fn, args, context.services);
  if (request === null) return '';
  if (request.inputError) throw new Error(cellMessage(request.inputError, 'sheets'));
  const record = new CellRecord(context.services);
  const kept = record.get(request.recordKey);
  if (kept !== undefined && kept.r === undefined) return shown(kept);
  const answer = ask(fn, request.path, context);
  if (answer instanceof AppError) {
    // A refresh that did not get through: the kept answer stays, flagged.
    if (kept !== undefined) return shown(kept);
    throw new Error(cellMessage(answer, 'sheets'));
  }
  record.put(new Map([[request.recordKey, answer]]));
  return shown(answer.cell);
}
