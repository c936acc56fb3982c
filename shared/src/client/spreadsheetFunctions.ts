// The one table of the spreadsheet functions both add-ins offer: per function
// its name in each host, its arguments, the request it makes, how the record
// key of a cell's answer is derived, and how "Werte fixieren" and
// "Aktualisieren" treat it. The hosts' formula finders, the Sheets wrappers
// of the functions asking one GET each, and the checks of each host's literal
// declarations (Excel's functions.json, the @customfunction stubs of Code.js)
// derive from it. A new function is one record here plus the declaration its
// host demands.
import { isAttribution, isObject } from './responseShape.js';
import { germanNumber } from './zoneChoice.js';
import type { Attribution } from '../apiTypes.js';

/** The namespace of the Excel add-in's functions (manifests/excel-addin.xml, Functions.Namespace). */
export const EXCEL_NAMESPACE = 'BRW';

/**
 * How a cell's argument is read (functionCells.ts): `text` as given; `code` a
 * land-use code and `field` a field name, both checked before any request;
 * `zone` a Bodenrichtwertnummer (a number as its digits); `date` a stichtag
 * (JJJJ-MM-TT, a date cell in the host's way); `gfz` a number above 0;
 * `number` an operand of a function computed in the cell.
 */
export type ArgumentKind = 'text' | 'code' | 'field' | 'zone' | 'date' | 'gfz' | 'number';

export interface FunctionArgument {
  /** The name both hosts show (German, as in the JSDoc of the declarations). */
  name: string;
  optional: boolean;
  kind: ArgumentKind;
  /** The query parameter the argument becomes in a GET of its own. */
  query?: string;
}

/**
 * How a cell's answer is asked for:
 * - `lookup`: GET /api/bodenrichtwert?address&stichtag, sent through the batch endpoint;
 * - `parcel`: GET /api/flurstueck by address or Kennzeichen;
 * - `get`: a GET of its own at `path`, the query from the arguments that name a parameter;
 * - `local`: computed in the cell, nothing asked.
 */
export type FunctionRequest =
  { kind: 'lookup' } | { kind: 'parcel' } | { kind: 'get'; path: string } | { kind: 'local' };

/**
 * How the record key of a cell is derived (the hosts digest these parts):
 * - `lookup-selection`: the function, the address at the stichtag, the use, the field, the zone;
 * - `lookup`: the function and the address at the stichtag;
 * - `parcel`: the function with the use (upper-cased), and the parcel request;
 * - `parcel-typed-use`: the same with the use as typed (the keys spreadsheets already keep);
 * - `request`: the function and its request (path and sorted query);
 * - `none`: nothing is kept.
 */
export type RecordKeyKind =
  'lookup-selection' | 'lookup' | 'parcel' | 'parcel-typed-use' | 'request' | 'none';

/**
 * "Werte fixieren": `value` writes the value with a note of its source;
 * `table` writes the table with a note on every zone row; `none` leaves the
 * formula (it asks nothing and needs no source).
 */
export type FixKind = 'value' | 'table' | 'none';

/** "Aktualisieren": `ask-again` flags the kept answer and asks past it; `none` has none. */
export type RefreshKind = 'ask-again' | 'none';

/** The value a cell shows of a GET answer, and further lines for its note. */
export type AnswerPick =
  | {
      ok: true;
      value: number;
      /** The value's stichtag (YYYY-MM-DD), for the note. */
      stichtag: string | undefined;
      attribution: Attribution;
      /** Lines for the note: e.g. the other Immobilienrichtwerte of the address. */
      others: string[];
    }
  | { ok: false; message: string };

export interface SpreadsheetFunction {
  /** The Excel custom function's id in the namespace BRW (=BRW.ID). */
  excel: string;
  /** The Apps Script custom function's name. */
  sheets: string;
  args: readonly FunctionArgument[];
  request: FunctionRequest;
  recordKey: RecordKeyKind;
  fix: FixKind;
  refresh: RefreshKind;
  /** The first argument may be a range: one result per cell of it (the other arguments single or of its size). */
  range?: boolean;
  /** For `get`: what the cell shows of the answer's body. */
  pick?: (body: unknown) => AnswerPick;
  /** For `get`: the name and unit of the value in the note of "Werte fixieren". */
  note?: { name: string; unit: string };
}

const ADDRESS: FunctionArgument = {
  name: 'adresse',
  optional: false,
  kind: 'text',
  query: 'address',
};
const STICHTAG: FunctionArgument = {
  name: 'stichtag',
  optional: true,
  kind: 'date',
  query: 'stichtag',
};
const PARCEL_TARGET: FunctionArgument = {
  name: 'adresse_oder_kennzeichen',
  optional: false,
  kind: 'text',
};
const NUTZUNGSART: FunctionArgument = { name: 'nutzungsart', optional: true, kind: 'code' };

const textOf = (value: unknown) => (typeof value === 'string' ? value : undefined);

const unexpected = (what: string): AnswerPick => ({
  ok: false,
  message: `Unerwartete Antwort des Dienstes (${what} fehlt).`,
});

/** The first Immobilienrichtwert of the answer; the others named for the note. */
function pickImmobilienrichtwert(body: unknown): AnswerPick {
  if (!isObject(body) || !Array.isArray(body['immobilienrichtwerte']))
    return unexpected('immobilienrichtwerte');
  if (!isAttribution(body['attribution'])) return unexpected('attribution');
  const items = body['immobilienrichtwerte'].filter(isObject);
  const first = items[0];
  if (first === undefined || typeof first['immobilienrichtwert'] !== 'number') {
    return { ok: false, message: 'Kein Immobilienrichtwert an dieser Adresse.' };
  }
  const line = (item: Record<string, unknown>) =>
    `${String(item['teilmarkt'] ?? '')}: ${typeof item['immobilienrichtwert'] === 'number' ? germanNumber(item['immobilienrichtwert']) : '?'} EUR/m² Wohnfläche (Stichtag ${String(item['stichtag'] ?? '')})`;
  const others = items.slice(1).map((item) => `Weiterer Immobilienrichtwert – ${line(item)}`);
  return {
    ok: true,
    value: first['immobilienrichtwert'],
    stichtag: textOf(first['stichtag']),
    attribution: body['attribution'],
    others,
  };
}

/** The Liegenschaftszinssatz (percent) of the answer. */
function pickLiegenschaftszins(body: unknown): AnswerPick {
  if (!isObject(body) || typeof body['liegenschaftszinssatz'] !== 'number')
    return unexpected('liegenschaftszinssatz');
  if (!isAttribution(body['attribution'])) return unexpected('attribution');
  return {
    ok: true,
    value: body['liegenschaftszinssatz'],
    stichtag: textOf(body['stichtag']),
    attribution: body['attribution'],
    others: [],
  };
}

export const SPREADSHEET_FUNCTIONS = [
  {
    excel: 'BODENRICHTWERT',
    sheets: 'BODENRICHTWERT',
    args: [
      ADDRESS,
      NUTZUNGSART,
      { name: 'feld', optional: true, kind: 'field' },
      STICHTAG,
      { name: 'zone', optional: true, kind: 'zone' },
    ],
    range: true,
    request: { kind: 'lookup' },
    recordKey: 'lookup-selection',
    fix: 'value',
    refresh: 'ask-again',
  },
  {
    excel: 'ZONEN',
    sheets: 'BODENRICHTWERT_ZONEN',
    args: [ADDRESS, STICHTAG],
    request: { kind: 'lookup' },
    recordKey: 'lookup',
    fix: 'table',
    refresh: 'ask-again',
  },
  {
    excel: 'FLURSTUECK',
    sheets: 'BODENRICHTWERT_FLURSTUECK',
    args: [PARCEL_TARGET, NUTZUNGSART, STICHTAG],
    request: { kind: 'parcel' },
    recordKey: 'parcel-typed-use',
    fix: 'table',
    refresh: 'ask-again',
  },
  {
    excel: 'BODENWERT_FLURSTUECK',
    sheets: 'BODENWERT_FLURSTUECK',
    args: [PARCEL_TARGET, NUTZUNGSART, STICHTAG, { name: 'gfz', optional: true, kind: 'gfz' }],
    request: { kind: 'parcel' },
    recordKey: 'parcel',
    fix: 'value',
    refresh: 'ask-again',
  },
  {
    excel: 'BODENWERT',
    sheets: 'BODENWERT',
    args: [
      { name: 'brw', optional: false, kind: 'number' },
      { name: 'gfz_referenz', optional: false, kind: 'number' },
      { name: 'gfz_tatsaechlich', optional: false, kind: 'number' },
      { name: 'flaeche', optional: true, kind: 'number' },
      { name: 'hinterland_flaeche_m2', optional: true, kind: 'number' },
      { name: 'hinterland_faktor', optional: true, kind: 'number' },
    ],
    request: { kind: 'local' },
    recordKey: 'none',
    fix: 'none',
    refresh: 'none',
  },
  {
    excel: 'IMMOBILIENRICHTWERT',
    sheets: 'IMMOBILIENRICHTWERT',
    args: [
      ADDRESS,
      { name: 'teilmarkt', optional: true, kind: 'text', query: 'teilmarkt' },
      STICHTAG,
    ],
    request: { kind: 'get', path: '/api/immobilienrichtwert' },
    recordKey: 'request',
    fix: 'value',
    refresh: 'ask-again',
    pick: pickImmobilienrichtwert,
    note: { name: 'Immobilienrichtwert', unit: 'EUR/m² Wohnfläche' },
  },
  {
    excel: 'LIEGENSCHAFTSZINS',
    sheets: 'LIEGENSCHAFTSZINS',
    args: [
      ADDRESS,
      { name: 'objektart', optional: false, kind: 'text', query: 'objektart' },
      STICHTAG,
    ],
    request: { kind: 'get', path: '/api/liegenschaftszins' },
    recordKey: 'request',
    fix: 'value',
    refresh: 'ask-again',
    pick: pickLiegenschaftszins,
    note: { name: 'Liegenschaftszinssatz', unit: '%' },
  },
] as const satisfies readonly SpreadsheetFunction[];

export type SheetsFunctionName = (typeof SPREADSHEET_FUNCTIONS)[number]['sheets'];
export type ExcelFunctionId = (typeof SPREADSHEET_FUNCTIONS)[number]['excel'];

const escape = (name: string) => name.replace(/[.]/g, '\\.');

/** Longest first, so a name is not taken for the start of a longer one. */
const byLength = (names: readonly string[]) => [...names].sort((a, b) => b.length - a.length);

/** The functions that ask the service (the formula finders look for these). */
export const ASKING_FUNCTIONS: readonly SpreadsheetFunction[] = SPREADSHEET_FUNCTIONS.filter(
  (fn) => fn.request.kind !== 'local',
);

/** A call of one of the named functions followed by its bracket; group 1 is the name. */
export function callPattern(names: readonly string[], prefix = ''): RegExp {
  const alternatives = byLength(names).map((name) => `${escape(prefix)}${escape(name)}`);
  return new RegExp(`(?<![\\w.])(${alternatives.join('|')})\\s*\\(`, 'gi');
}

/** The record of a Sheets function by its name (any case). */
export function sheetsFunction(name: string): SpreadsheetFunction | undefined {
  const upper = name.toUpperCase();
  return SPREADSHEET_FUNCTIONS.find((fn) => fn.sheets === upper);
}

/** The record of an Excel function by its id in the namespace (any case). */
export function excelFunction(id: string): SpreadsheetFunction | undefined {
  const upper = id.toUpperCase();
  return SPREADSHEET_FUNCTIONS.find((fn) => fn.excel === upper);
}

/** The arguments as read by the host (texts trimmed, dates as JJJJ-MM-TT), by position. */
export type ReadArguments = readonly (string | undefined)[];

/** A `get` function's request: its path and the query from the arguments that name a parameter. */
export function functionRequest(
  fn: SpreadsheetFunction,
  args: ReadArguments,
): { path: string; query: [string, string][] } | undefined {
  if (fn.request.kind !== 'get') return undefined;
  const query: [string, string][] = [];
  fn.args.forEach((arg, i) => {
    const value = args[i];
    if (arg.query !== undefined && value !== undefined && value !== '')
      query.push([arg.query, value]);
  });
  return { path: fn.request.path, query };
}

/** The path with its query, URL-encoded, in the table's order of arguments. */
export function requestUrlPath(request: { path: string; query: [string, string][] }): string {
  const query = request.query
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .join('&');
  return query === '' ? request.path : `${request.path}?${query}`;
}

/** The parts of a `request` function's record key: its name and its request, query sorted. */
export function requestKeyParts(
  fn: SpreadsheetFunction,
  request: { path: string; query: [string, string][] },
): string[] {
  const sorted = [...request.query].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return [fn.sheets, requestUrlPath({ path: request.path, query: sorted })];
}

/** The missing required arguments' names (blank counts as missing). */
export function missingArguments(fn: SpreadsheetFunction, args: ReadArguments): string[] {
  return fn.args.flatMap((arg, i) =>
    !arg.optional && (args[i] === undefined || args[i] === '') ? [arg.name] : [],
  );
}

/**
 * The Excel add-in's functions as a formula names them (namespace BRW of the
 * manifest, the ids of functions.json): its formula finders and the repair of
 * `_xldudf_` formulas read them.
 */
export const EXCEL_FUNCTION_NAMES: readonly string[] = SPREADSHEET_FUNCTIONS.map(
  (fn) => `${EXCEL_NAMESPACE}.${fn.excel}`,
);
