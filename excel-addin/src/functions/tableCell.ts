// One call of a function of the table of spreadsheet functions that asks the
// service: its arguments read by their kinds (readArguments, a date cell in
// the workbook's date system), its key derived by the record's `recordKey`
// (cellKeys), and the code by what it asks (`request`) and what the cell
// shows (`fix`: a value or a table). The stubs in functions.ts only hand
// Excel's arguments here, so a new function is a record of the table plus its
// stub (Excel reads a function's metadata from the stub's JSDoc).
import {
  AppError,
  ErrorCode,
  argumentOf,
  calculateBodenwert,
  cellKeys,
  excelFunction,
  functionRequest,
  missingArguments,
  parcelLandValue,
  parcelRequestOf,
  parcelTable,
  parseBodenwertInput,
  readArguments,
  readStichtagArgument,
  requestArguments,
  zoneTable,
  type ExcelFunctionId,
  type FlurstueckResponse,
  type ParcelRequest,
  type ReadArguments,
  type SpreadsheetFunction,
} from '#shared/index.js';
import { session } from '../session.js';
import type { CellRecord } from '../lookup/workbookAnswers.js';
import { pendingCellError, toCellError } from './cellErrors.js';
import { workbookUses1904 } from './dateSystem.js';
import { firstAnswer, healingOf, lookupCells } from './lookupCells.js';

/** Excel passes null for an omitted optional argument. */
const optional = <T>(value: T | null | undefined): T | undefined => value ?? undefined;

type Invocation = CustomFunctions.CancelableInvocation;

/** Excel cancels a call when the cell is edited or deleted meanwhile. */
function cancelSignal(invocation: Invocation): AbortSignal {
  const controller = new AbortController();
  invocation.onCanceled = () => controller.abort();
  return controller.signal;
}

/**
 * The arguments read by their kinds; throws the cell's error. The workbook's
 * date system is asked for only for a date cell, after the other arguments
 * passed their checks.
 */
async function readCell(
  fn: SpreadsheetFunction,
  given: readonly unknown[],
): Promise<ReadArguments> {
  const values = given.map((value) => optional(value));
  const dateCell = (value: unknown) => typeof value === 'number';
  const first = readArguments(fn, values, (value) =>
    dateCell(value) ? { ok: true, value: undefined } : readStichtagArgument(value),
  );
  if (!first.ok) throw toCellError(first.error);
  const dated = fn.args.some((arg, i) => arg.kind === 'date' && dateCell(values[i]));
  if (!dated) return first.value;
  try {
    const dateSystem1904 = await workbookUses1904();
    const read = readArguments(fn, values, (value) =>
      readStichtagArgument(value, { dateSystem1904 }),
    );
    if (!read.ok) throw read.error;
    return read.value;
  } catch (error) {
    throw toCellError(error);
  }
}

/**
 * The cell's error for a failed request, after telling the healing whether
 * the cell waits for a key or for time (then it is asked again).
 */
function failedCell(cell: string | undefined, error: unknown): CustomFunctions.Error {
  if (cell !== undefined) {
    session.healing.report(cell, {
      pendingKeys: [],
      needsKey: healingOf(error) === 'key',
      passingError: healingOf(error) === 'time',
    });
  }
  return toCellError(error);
}

const refreshes = (cell: string | undefined) => cell !== undefined && session.refresh.take(cell);

/** BODENRICHTWERT: one value per address of the range (lookupCells.ts). */
async function lookupValues(
  fn: SpreadsheetFunction,
  addresses: unknown[][],
  args: ReadArguments,
  invocation: Invocation,
): Promise<unknown[][]> {
  const signal = cancelSignal(invocation);
  const cell = invocation.address;
  const selection = {
    nutzungsart: argumentOf(fn, args, 'nutzungsart'),
    feld: argumentOf(fn, args, 'feld'),
    stichtag: argumentOf(fn, args, 'stichtag'),
    zone: argumentOf(fn, args, 'zone'),
  };
  const result = await lookupCells(
    session.lookups,
    addresses,
    { ...selection, signal, refresh: refreshes(cell) },
    (key) => session.healing.settled(key),
  );
  if (cell !== undefined && !signal.aborted) {
    session.healing.report(cell, result.state);
    session.answers.recordCells(cell, { keys: result.keys, ...selection });
  }
  // A single cell shows its error with the message, not a 1×1 array of it.
  const single =
    result.values.length === 1 && result.values[0]?.length === 1 ? result.values[0][0] : undefined;
  if (single instanceof CustomFunctions.Error) throw single;
  return result.values;
}

/** ZONEN: every zone of the address's lookup as a table. */
async function lookupTable(
  fn: SpreadsheetFunction,
  args: ReadArguments,
  key: string,
  invocation: Invocation,
): Promise<unknown[][]> {
  const signal = cancelSignal(invocation);
  const cell = invocation.address;
  const first = await firstAnswer(
    session.lookups,
    (args[0] ?? '').trim(),
    { signal, stichtag: argumentOf(fn, args, 'stichtag'), refresh: refreshes(cell) },
    () => session.healing.settled(key),
  );
  if (cell !== undefined && !signal.aborted) {
    session.healing.report(cell, {
      pendingKeys: first === 'pending' ? [key] : [],
      needsKey: typeof first === 'object' && 'error' in first && healingOf(first.error) === 'key',
      passingError:
        typeof first === 'object' && 'error' in first && healingOf(first.error) === 'time',
    });
  }
  if (first === 'pending') throw pendingCellError();
  if ('error' in first) throw toCellError(first.error);
  if (cell !== undefined) session.answers.recordCells(cell, { keys: [[key]], table: true });
  return zoneTable(first.response.bodenrichtwerte);
}

/**
 * The parcel answer of a parcel formula's cell: the kept one or the
 * service's; recorded for "Aktualisieren", "Werte fixieren" and the healing.
 */
async function parcelOfCell(
  request: ParcelRequest,
  key: string,
  shown: Pick<CellRecord, 'parcel' | 'nutzungsart'>,
  invocation: Invocation,
): Promise<FlurstueckResponse> {
  const cell = invocation.address;
  const record = () => {
    if (cell === undefined) return;
    const gfz = request.gfz === undefined ? {} : { gfz: request.gfz };
    session.answers.recordCells(cell, { keys: [[key]], ...shown, ...gfz });
  };
  try {
    const response = await session.parcels.parcel(request, refreshes(cell));
    record();
    return response;
  } catch (error) {
    // An answer about the target itself (not found, 451) is kept, and final.
    if ((await session.answers.getParcel(key))?.kind === 'failed') record();
    throw failedCell(cell, error);
  }
}

/** FLURSTUECK (the table) and BODENWERT_FLURSTUECK (the value of one use). */
async function parcelCell(
  fn: SpreadsheetFunction,
  args: ReadArguments,
  key: string,
  invocation: Invocation,
): Promise<unknown[][] | number> {
  const use = argumentOf(fn, args, 'nutzungsart')?.trim() ?? '';
  const parcel: 'table' | 'value' = fn.fix === 'table' ? 'table' : 'value';
  const shown = use === '' ? { parcel } : { parcel, nutzungsart: use };
  const request = parcelRequestOf(fn, args);
  const response = await parcelOfCell(request, key, shown, invocation);
  const nutzungsart = argumentOf(fn, args, 'nutzungsart');
  const result =
    fn.fix === 'table'
      ? parcelTable(response, nutzungsart)
      : parcelLandValue(response, nutzungsart, request.gfz);
  if (!result.ok) throw toCellError(result.error);
  return result.value;
}

/** A GET of its own (IMMOBILIENRICHTWERT, LIEGENSCHAFTSZINS): the value the table picks. */
async function requestValue(
  fn: SpreadsheetFunction,
  args: ReadArguments,
  key: string,
  invocation: Invocation,
): Promise<number | string> {
  const request = functionRequest(fn, requestArguments(args));
  if (request === undefined) throw new Error(`${fn.excel} asks no request of its own`);
  const cell = invocation.address;
  try {
    const answer = await session.requests.answer(fn, { ...request, key }, refreshes(cell));
    if (cell !== undefined) session.answers.recordCells(cell, { keys: [[key]], request: fn.excel });
    if ('v' in answer) return answer.v;
    throw new AppError(answer.e.code as ErrorCode, answer.e.message);
  } catch (error) {
    throw failedCell(cell, error);
  }
}

/**
 * A function of the table computed in the cell (BODENWERT): its arguments'
 * names are the fields of POST /api/bodenwert, read with the same rules.
 */
export function localCell(id: ExcelFunctionId, given: readonly unknown[]): number {
  const fn = excelFunction(id);
  if (fn === undefined) throw new Error(`${id} is not in the table of spreadsheet functions`);
  const body = Object.fromEntries(fn.args.map((arg, i) => [arg.name, optional(given[i])]));
  const input = parseBodenwertInput(body);
  if (!input.ok) throw toCellError(input.error);
  const result = calculateBodenwert(input.value);
  return result.bodenwert_euro ?? result.bodenrichtwert_tatsaechlich_euro_pro_m2;
}

/** The cell of the table's function `id` with Excel's arguments (the invocation not among them). */
export async function tableCell(
  id: ExcelFunctionId,
  given: readonly unknown[],
  invocation: Invocation,
): Promise<unknown> {
  const fn = excelFunction(id);
  if (fn === undefined) throw new Error(`${id} is not in the table of spreadsheet functions`);
  if (fn.range === true) {
    // The range of addresses is read cell by cell (lookupCells.ts); the other arguments here.
    const args = await readCell(fn, ['', ...given.slice(1)]);
    return lookupValues(fn, given[0] as unknown[][], args, invocation);
  }
  const args = await readCell(fn, given);
  if ((args[0] ?? '').trim() === '') return fn.fix === 'table' ? [['']] : '';
  const missing = missingArguments(fn, args);
  if (missing.length > 0) {
    throw toCellError(
      new AppError(ErrorCode.invalidFormat, `Bitte ${missing.join(' und ')} angeben.`),
    );
  }
  const key = cellKeys(fn, args)?.answerKey;
  if (key === undefined) throw new Error(`${id} keeps no answer`);
  switch (fn.request.kind) {
    case 'lookup':
      return lookupTable(fn, args, key, invocation);
    case 'parcel':
      return parcelCell(fn, args, key, invocation);
    default:
      return requestValue(fn, args, key, invocation);
  }
}
