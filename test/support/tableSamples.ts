// Arguments for a call of each function of the table of spreadsheet functions
// and the path of the request it makes, derived from the records (the tests of
// both add-ins go through every record; no per-function lists).
import { BATCH_PATH, FLURSTUECK_PATH, type SpreadsheetFunction } from '#shared/index.js';
import { MARKET_ADDRESSES } from './marketDataAnswers.js';
import { MIXED_KENNZEICHEN } from './parcelAnswers.js';

/** Required arguments after the first, by name (the stand-ins' answers know these). */
const REQUIRED: Record<string, string> = { objektart: 'Mehrfamilienhäuser' };

/**
 * The first argument by what the function asks (the host's stand-in knows
 * `lookupAddress`, both know the parcel and the market address), the other
 * required ones by name, the optional ones `omitted`.
 */
export function sampleArguments<T>(
  fn: SpreadsheetFunction,
  lookupAddress: string,
  omitted: T,
): (string | T)[] {
  const first = {
    lookup: lookupAddress,
    parcel: MIXED_KENNZEICHEN,
    get: MARKET_ADDRESSES.dortmund,
    local: '',
  }[fn.request.kind];
  return fn.args.map((arg, i) =>
    i === 0 ? first : arg.optional ? omitted : (REQUIRED[arg.name] ?? ''),
  );
}

/** The path of the request the table names for the function. */
export function requestPathOf(fn: SpreadsheetFunction): string | undefined {
  switch (fn.request.kind) {
    case 'lookup':
      return BATCH_PATH;
    case 'parcel':
      return FLURSTUECK_PATH;
    case 'get':
      return fn.request.path;
    default:
      return undefined;
  }
}
