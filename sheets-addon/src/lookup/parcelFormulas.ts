// =BODENRICHTWERT_FLURSTUECK(adresse_oder_kennzeichen; [nutzungsart]; [stichtag])
// and =BODENWERT_FLURSTUECK(adresse_oder_kennzeichen; [nutzungsart]; [stichtag]; [gfz]):
// the parcel row and its zone shares as a table, and the land value of one use
// in euro (two uses without a chosen one: an error naming them). Like every
// answer a cell shows, the answer is kept in the record (document properties)
// and shown from there with no key, request or service; "Aktualisieren" asks
// again. One GET /api/flurstueck per cell and run: the service answers a
// parcel within its upstream timeouts, inside Apps Script's 30 seconds.
import {
  AppError,
  DEFINITE_ERRORS,
  ErrorCode,
  FLURSTUECK_PATH,
  cellMessage,
  isFlurstueckResponse,
  missingKeyError,
  parcelAnswerKey,
  parcelLandValue,
  parcelQuery,
  parcelTable,
  parseDecimalInput,
  readStichtagArgument,
  selectionError,
  type FlurstueckResponse,
  type ParcelRequest,
  type Result,
} from '#shared/index.js';
import { apiRequest, hasApiKey, readApiAnswer } from '../api.js';
import { isBlank, textOrUndefined, type CellArgument, type FormulaResult } from '../cells.js';
import { CellRecord, recordKey } from '../record/cellRecord.js';
import type { StoredCell } from '../record/storedCell.js';
import { readSettings } from '../settings.js';
import { allowlistError } from '../urlAllowlist.js';
import { singleValue } from './formulaRows.js';
import type { FormulaContext } from './recordedAnswers.js';

export const PARCEL_FUNCTIONS = {
  table: 'BODENRICHTWERT_FLURSTUECK',
  value: 'BODENWERT_FLURSTUECK',
} as const;

type Shown = Omit<StoredCell, 'a' | 'q'>;

const refuse = (error: AppError): never => {
  throw new Error(cellMessage(error, 'sheets'));
};

/** The parcel request of the cell's arguments, or its input error; null for a blank target. */
function requestOf(
  args: readonly CellArgument[],
  context: FormulaContext,
  gfzArgument?: CellArgument,
): { request: ParcelRequest; nutzungsart: string | undefined } | null {
  const target = singleValue(args[0]);
  if (isBlank(target)) return null;
  const nutzungsart = textOrUndefined(singleValue(args[1]));
  const inputError = selectionError(nutzungsart);
  if (inputError) return refuse(inputError);
  const stichtag = readStichtagArgument(singleValue(args[2]), {
    calendarDay: (date) => context.services.calendarDay(date),
  });
  if (!stichtag.ok) return refuse(stichtag.error);
  const gfz = parseDecimalInput(textOrUndefined(singleValue(gfzArgument)));
  if (gfz.kind === 'invalid' || (gfz.kind === 'number' && gfz.value <= 0)) {
    refuse(
      new AppError(ErrorCode.invalidGfzTatsaechlich, 'Die GFZ muss eine Zahl größer als 0 sein.'),
    );
  }
  const request = {
    target: String(target),
    stichtag: stichtag.value,
    gfz: gfz.kind === 'number' ? gfz.value : undefined,
  };
  return { request, nutzungsart };
}

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
 * What the cell shows: the kept answer, or the service's, kept from now on.
 * `functionName` names the function and the selection the cell renders.
 */
function shownCell(
  functionName: string,
  request: ParcelRequest,
  render: (response: FlurstueckResponse) => Shown,
  context: FormulaContext,
): StoredCell {
  const record = new CellRecord(context.services);
  const key = recordKey(context.services, [functionName, parcelAnswerKey(request)]);
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

/** `args`: adresse_oder_kennzeichen, nutzungsart, stichtag as the cells pass them. */
export function parcelTableFormula(
  args: readonly CellArgument[],
  context: FormulaContext,
): FormulaResult {
  const asked = requestOf(args, context);
  if (asked === null) return '';
  const { request, nutzungsart } = asked;
  const render = (response: FlurstueckResponse): Shown => {
    const table = parcelTable(response, nutzungsart);
    return table.ok ? { t: table.value } : { e: cellMessage(table.error, 'sheets') };
  };
  const cell = shownOrThrow(
    shownCell(`${PARCEL_FUNCTIONS.table}|${nutzungsart ?? ''}`, request, render, context),
  );
  return cell.t ?? '';
}

/** `args`: adresse_oder_kennzeichen, nutzungsart, stichtag, gfz as the cells pass them. */
export function parcelValueFormula(
  args: readonly CellArgument[],
  context: FormulaContext,
): FormulaResult {
  const asked = requestOf(args, context, args[3]);
  if (asked === null) return '';
  const { request, nutzungsart } = asked;
  const render = (response: FlurstueckResponse): Shown => {
    const value = parcelLandValue(response, nutzungsart, request.gfz);
    return value.ok ? { v: value.value } : { e: cellMessage(value.error, 'sheets') };
  };
  const name = `${PARCEL_FUNCTIONS.value}|${(nutzungsart ?? '').toUpperCase()}`;
  return shownOrThrow(shownCell(name, request, render, context)).v ?? '';
}
