// What one cell of a function of the table asks and where its answer is kept,
// derived from the table's record (spreadsheetFunctions.ts) for both hosts:
// its arguments read by their kind, and its keys by the record's `recordKey`.
// Excel keeps an answer under `answerKey` (its workbook's maps of lookups,
// parcels and requests); Sheets keeps each cell's answer under a digest of
// `recordParts` (its document properties). The parts are those the hosts
// derived by hand before, so answers spreadsheets already keep are found.
import { AppError, ErrorCode, type Result } from '../errors.js';
import { parseDecimalInput } from '../numbers.js';
import { pendingLookup } from './batchLookup.js';
import { selectionError } from './lookupValue.js';
import { parcelAnswerKey, type ParcelRequest } from './parcelAnswers.js';
import {
  functionRequest,
  requestKeyParts,
  type ReadArguments,
  type SpreadsheetFunction,
} from './spreadsheetFunctions.js';
import { readZoneArgument } from './zoneTable.js';

/** How the host reads a date argument (a date cell arrives in each host its own way). */
export type DateReader = (value: unknown) => Result<string | undefined>;

const blank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** A blank cell counts as an omitted argument; any other text as given. */
const textOf = (value: unknown) => (blank(value) ? undefined : String(value));

const GFZ_ERROR = 'Die GFZ muss eine Zahl größer als 0 sein.';

/**
 * The arguments as the cell gives them, by position, each read by its kind;
 * the first input error (a bad code, field, date or GFZ) in the order of the
 * arguments. Texts are as typed (blank: undefined); a blank first argument is
 * the host's to show as blank.
 */
export function readArguments(
  fn: SpreadsheetFunction,
  values: readonly unknown[],
  readDate: DateReader,
): Result<ReadArguments> {
  const read: (string | undefined)[] = [];
  for (const [i, arg] of fn.args.entries()) {
    const value = values[i];
    switch (arg.kind) {
      case 'code':
      case 'field': {
        const text = textOf(value);
        const error = arg.kind === 'code' ? selectionError(text) : selectionError(undefined, text);
        if (error) return { ok: false, error };
        read.push(text);
        break;
      }
      case 'zone':
        read.push(readZoneArgument(value));
        break;
      case 'date': {
        const date = readDate(value);
        if (!date.ok) return date;
        read.push(date.value);
        break;
      }
      case 'gfz': {
        const parsed = parseDecimalInput(textOf(value));
        if (parsed.kind === 'invalid' || (parsed.kind === 'number' && parsed.value <= 0)) {
          return { ok: false, error: new AppError(ErrorCode.invalidGfzTatsaechlich, GFZ_ERROR) };
        }
        read.push(parsed.kind === 'number' ? String(parsed.value) : undefined);
        break;
      }
      default:
        read.push(textOf(value));
    }
  }
  return { ok: true, value: read };
}

/** The read argument of the given name. */
export function argumentOf(
  fn: SpreadsheetFunction,
  args: ReadArguments,
  name: string,
): string | undefined {
  const at = fn.args.findIndex((arg) => arg.name === name);
  return at < 0 ? undefined : args[at];
}

/** The stichtag argument as read (JJJJ-MM-TT), undefined for the current values. */
export const stichtagOf = (fn: SpreadsheetFunction, args: ReadArguments) =>
  args[fn.args.findIndex((arg) => arg.kind === 'date')];

/** A lookup function's lookup: the address at the stichtag. */
export const lookupOf = (fn: SpreadsheetFunction, args: ReadArguments) =>
  pendingLookup(args[0] ?? '', stichtagOf(fn, args));

/** A parcel function's request: the target (trimmed), the stichtag and the GFZ. */
export function parcelRequestOf(fn: SpreadsheetFunction, args: ReadArguments): ParcelRequest {
  const gfz = args[fn.args.findIndex((arg) => arg.kind === 'gfz')];
  return {
    target: (args[0] ?? '').trim(),
    stichtag: stichtagOf(fn, args),
    gfz: gfz === undefined ? undefined : Number(gfz),
  };
}

/** Where a cell's answer is kept: Excel's key of the answer, Sheets' parts of the cell's key. */
export interface CellKeys {
  answerKey: string;
  recordParts: string[];
}

const trimmed = (text: string | undefined) => text?.trim() ?? '';

/** The keys of a cell of the function; undefined for a function that keeps nothing. */
export function cellKeys(fn: SpreadsheetFunction, args: ReadArguments): CellKeys | undefined {
  switch (fn.recordKey) {
    case 'lookup-selection':
    case 'lookup': {
      const { key } = lookupOf(fn, args);
      if (fn.recordKey === 'lookup') return { answerKey: key, recordParts: [fn.sheets, key] };
      const part = (kind: string) => trimmed(args[fn.args.findIndex((arg) => arg.kind === kind)]);
      return {
        answerKey: key,
        recordParts: [
          fn.sheets,
          key,
          part('code').toUpperCase(),
          part('field').toLowerCase(),
          part('zone'),
        ],
      };
    }
    case 'parcel':
    case 'parcel-typed-use': {
      const answerKey = parcelAnswerKey(parcelRequestOf(fn, args));
      const typed = args[fn.args.findIndex((arg) => arg.kind === 'code')] ?? '';
      const use = fn.recordKey === 'parcel' ? typed.toUpperCase() : typed;
      return { answerKey, recordParts: [`${fn.sheets}|${use}`, answerKey] };
    }
    case 'request': {
      const request = functionRequest(fn, requestArguments(args));
      if (request === undefined) return undefined;
      const recordParts = requestKeyParts(fn, request);
      return { answerKey: JSON.stringify(recordParts), recordParts };
    }
    default:
      return undefined;
  }
}

/** The arguments of a GET of its own: texts trimmed, blank ones omitted. */
export const requestArguments = (args: ReadArguments): ReadArguments =>
  args.map((value) => (trimmed(value) === '' ? undefined : trimmed(value)));
