// =BODENRICHTWERT_FLURSTUECK(adresse_oder_kennzeichen; [nutzungsart]; [stichtag])
// and =BODENWERT_FLURSTUECK(adresse_oder_kennzeichen; [nutzungsart]; [stichtag]; [gfz]):
// the parcel row and its zone shares as a table, and the land value of one use
// in euro (two uses without a chosen one: an error naming them). Like every
// answer a cell shows, the answer is kept in the record (document properties)
// under the key the table of spreadsheet functions derives (tableCells.ts, as the sidebar does), and shown from
// there with no key, request or service; the sidebar's "Aktualisieren" flags it
// and the cell asks again, showing the kept answer while that fails. A kept
// value also keeps the Bodenrichtwert and Stichtag of its use's zones, and the
// GFZ it is converted to, for the note of "Werte fixieren". One GET
// /api/flurstueck per cell and run: the service answers a parcel within its
// upstream timeouts, inside Apps Script's 30 seconds.
import {
  AppError,
  DEFINITE_ERRORS,
  argumentOf,
  parcelRequestOf,
  ErrorCode,
  FLURSTUECK_PATH,
  cellMessage,
  isFlurstueckResponse,
  missingKeyError,
  parcelLandValue,
  parcelQuery,
  parcelTable,
  parcelValueFacts,
  type FlurstueckResponse,
  type ParcelRequest,
  type Result,
  type SpreadsheetFunction,
} from '#shared/index.js';
import { apiRequest, hasApiKey, readApiAnswer } from '../api.js';
import type { CellArgument, FormulaResult } from '../cells.js';
import { CellRecord } from '../record/cellRecord.js';
import type { StoredCell } from '../record/storedCell.js';
import { readSettings } from '../settings.js';
import { allowlistError } from '../urlAllowlist.js';
import type { FormulaContext } from './recordedAnswers.js';
import { oneCell } from './tableCells.js';

type Shown = Omit<StoredCell, 'a' | 'q'>;

const refuse = (error: AppError): never => {
  throw new Error(cellMessage(error, 'sheets'));
};

/** GET /api/flurstueck once; a network failure is the service's error. */
function askService(request: ParcelRequest, context: FormulaContext): Result<FlurstueckResponse> {
  const settings = readSettings(context.services, context.defaultServiceUrl);
  if (!hasApiKey(settings)) return { ok: false, error: missingKeyError() };
  const refused = allowlistError(settings.serviceUrl);
  if (refused) return { ok: false, error: refused };
  // Apps Script has no URLSearchParams.
  const query = Object.entries(parcelQuery(request))
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join('&');
  try {
    const [response] = context.services.http.fetchAll([
      apiRequest(settings, `${FLURSTUECK_PATH}?${query}`),
    ]);
    if (response !== undefined) return readApiAnswer(response, isFlurstueckResponse);
  } catch (cause) {
    const error = new AppError(ErrorCode.serviceError, 'Der Dienst ist nicht erreichbar.', {
      cause,
    });
    return { ok: false, error };
  }
  return { ok: false, error: new AppError(ErrorCode.serviceError, 'Keine Antwort des Dienstes.') };
}

/**
 * What the cell shows: the kept answer under `key`, or the service's, kept
 * from now on. A refresh that fails keeps showing the kept answer.
 */
function shownCell(
  key: string,
  request: ParcelRequest,
  render: (response: FlurstueckResponse) => Shown,
  context: FormulaContext,
): StoredCell {
  const record = new CellRecord(context.services);
  const kept = record.get(key);
  if (kept !== undefined && kept.r === undefined) return kept;
  const answer = askService(request, context);
  if (answer.ok) {
    const cell = { ...render(answer.value), a: answer.value.abgerufen_am.slice(0, 10) };
    record.put(new Map([[key, { cell, source: answer.value.attribution }]]));
    return cell;
  }
  if (DEFINITE_ERRORS.has(answer.error.code)) {
    const cell = { e: cellMessage(answer.error, 'sheets') };
    record.put(new Map([[key, { cell }]]));
    return cell;
  }
  // A refresh that did not get through: the kept answer stays, flagged.
  return kept ?? refuse(answer.error);
}

const shownOrThrow = (cell: StoredCell): StoredCell => {
  if (cell.e !== undefined) throw new Error(cell.e);
  return cell;
};

/** The cell's question; null for a blank target, thrown for an input error. */
function askedBy(
  fn: SpreadsheetFunction,
  args: readonly CellArgument[],
  context: FormulaContext,
): { request: ParcelRequest; nutzungsart: string | undefined; recordKey: string } | null {
  const asked = oneCell(fn, args, context.services);
  if (asked === null) return null;
  if (asked.inputError) return refuse(asked.inputError);
  return {
    request: parcelRequestOf(fn, asked.args),
    nutzungsart: argumentOf(fn, asked.args, 'nutzungsart'),
    recordKey: asked.recordKey,
  };
}

/** `args`: adresse_oder_kennzeichen, nutzungsart, stichtag as the cells pass them. */
export function parcelTableFormula(
  fn: SpreadsheetFunction,
  args: readonly CellArgument[],
  context: FormulaContext,
): FormulaResult {
  const asked = askedBy(fn, args, context);
  if (asked === null) return '';
  const { request, nutzungsart, recordKey } = asked;
  const render = (response: FlurstueckResponse): Shown => {
    const table = parcelTable(response, nutzungsart);
    return table.ok ? { t: table.value } : { e: cellMessage(table.error, 'sheets') };
  };
  return shownOrThrow(shownCell(recordKey, request, render, context)).t ?? '';
}

/**
 * `args`: adresse_oder_kennzeichen, nutzungsart, stichtag, gfz as the cells
 * pass them. The value is kept with the Bodenrichtwert and Stichtag of its
 * use's zones (where they share them) and the GFZ it is converted to, for the
 * note of "Werte fixieren".
 */
export function parcelValueFormula(
  fn: SpreadsheetFunction,
  args: readonly CellArgument[],
  context: FormulaContext,
): FormulaResult {
  const asked = askedBy(fn, args, context);
  if (asked === null) return '';
  const { request, nutzungsart, recordKey } = asked;
  const render = (response: FlurstueckResponse): Shown => {
    const value = parcelLandValue(response, nutzungsart, request.gfz);
    if (!value.ok) return { e: cellMessage(value.error, 'sheets') };
    const facts = parcelValueFacts(response, nutzungsart);
    return {
      v: value.value,
      ...(facts?.bodenrichtwert === undefined ? {} : { b: facts.bodenrichtwert }),
      ...(facts?.stichtag === undefined ? {} : { s: facts.stichtag }),
      ...(request.gfz === undefined ? {} : { g: request.gfz }),
    };
  };
  return shownOrThrow(shownCell(recordKey, request, render, context)).v ?? '';
}
