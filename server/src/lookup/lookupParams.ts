// Query parameters of GET /api/bodenrichtwert (§4.1), checked in the order
// missing_address, address_too_long, invalid_nutzungsart, invalid_format,
// invalid_stichtag.
// The app's 'simple' query parser gives a string, or an array when repeated.
import { MAX_ADDRESS_LENGTH } from '#shared/apiTypes.js';
import { AppError, ErrorCode, fail, ok, type Result } from '#shared/errors.js';
import { parseLandUseFilter, type LandUseCode } from '#shared/landUse.js';
import { parseStichtag } from '#shared/stichtag.js';
import type { ResponseFormat } from '../http/responseFormat.js';

export interface LookupParams {
  /** As sent (echoed as address_input). */
  addressInput: string;
  /** Trimmed, used for geocoding. */
  address: string;
  filter: LandUseCode[];
  format: ResponseFormat;
  /** YYYY-MM-DD: the values in force on that day; absent: the current ones. */
  stichtag?: string;
}

type QueryValue = string | string[] | undefined;

function asList(value: unknown): string[] {
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : [value]).map(String);
}

/** `today`: YYYY-MM-DD, the calendar day in Germany (a later stichtag is refused). */
export function parseLookupParams(
  query: Readonly<Record<string, unknown>>,
  today: string,
): Result<LookupParams> {
  // A repeated address is read as its first value.
  const target = parseAddress(asList(query.address as QueryValue)[0] ?? '');
  if (!target.ok) return target;
  const filter = parseLandUseFilter(asList(query.nutzungsart));
  if (!filter.ok) return filter;
  const format = parseFormat(query.format ?? 'json');
  if (!format.ok) return format;
  // A repeated stichtag is read as its first value, like the address.
  const stichtag = parseStichtag(asList(query.stichtag as QueryValue)[0], today);
  if (!stichtag.ok) return stichtag;
  return ok({
    ...target.value,
    filter: filter.value,
    format: format.value,
    ...(stichtag.value === undefined ? {} : { stichtag: stichtag.value }),
  });
}

/** One address as sent: missing_address when blank, address_too_long beyond the limit. */
export function parseAddress(
  addressInput: string,
): Result<Pick<LookupParams, 'addressInput' | 'address'>> {
  const address = addressInput.trim();
  if (address === '') {
    return fail(
      new AppError(ErrorCode.missingAddress, 'Der Parameter „address“ fehlt oder ist leer.'),
    );
  }
  if ([...address].length > MAX_ADDRESS_LENGTH) {
    return fail(
      new AppError(
        ErrorCode.addressTooLong,
        `Die Adresse ist länger als ${MAX_ADDRESS_LENGTH} Zeichen.`,
      ),
    );
  }
  return ok({ addressInput, address });
}

export function parseFormat(value: unknown): Result<ResponseFormat> {
  if (value === 'json' || value === 'xml') return ok(value);
  return fail(
    new AppError(ErrorCode.invalidFormat, 'Der Parameter „format“ muss „json“ oder „xml“ sein.'),
  );
}
