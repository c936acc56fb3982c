// Body of POST /api/bodenrichtwert/batch, checked in the order invalid_body,
// missing_address (no addresses), too_many_addresses, invalid_nutzungsart,
// invalid_format, invalid_stichtag. A blank or too long single address does not refuse the
// batch: it becomes that item's error, like the single lookup's answer.
import { MAX_BATCH_ADDRESSES } from '#shared/apiTypes.js';
import { AppError, ErrorCode, fail, ok, type Result } from '#shared/errors.js';
import { parseLandUseFilter } from '#shared/landUse.js';
import { parseStichtag } from '#shared/stichtag.js';
import type { ResponseFormat } from '../http/responseFormat.js';
import type { LookupTarget } from './countedLookup.js';
import { parseAddress, parseFormat } from './lookupParams.js';

export interface BatchEntry {
  /** As sent (echoed as address_input, also in an error item). */
  addressInput: string;
  target: Result<LookupTarget>;
}

export interface BatchParams {
  /** One entry per address, in input order. */
  entries: BatchEntry[];
  format: ResponseFormat;
}

const invalidBody = (message: string) => fail(new AppError(ErrorCode.invalidBody, message));

/** `today`: YYYY-MM-DD, the calendar day in Germany (a later stichtag is refused). */
export function parseBatchParams(
  body: unknown,
  queryFormat: unknown,
  today: string,
): Result<BatchParams> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    return invalidBody('Der Anfragekörper muss ein JSON-Objekt mit „addresses“ sein.');
  }
  const {
    addresses,
    nutzungsart = [],
    format = queryFormat ?? 'json',
    stichtag,
  } = body as Record<string, unknown>;
  if (addresses !== undefined && !isStringList(addresses)) {
    return invalidBody('„addresses“ muss eine Liste von Adressen (Zeichenketten) sein.');
  }
  if (addresses === undefined || addresses.length === 0) {
    return fail(
      new AppError(ErrorCode.missingAddress, 'Die Liste „addresses“ fehlt oder ist leer.'),
    );
  }
  if (addresses.length > MAX_BATCH_ADDRESSES) {
    return fail(
      new AppError(
        ErrorCode.tooManyAddresses,
        `Höchstens ${MAX_BATCH_ADDRESSES} Adressen je Anfrage (erhalten: ${addresses.length}).`,
      ),
    );
  }
  const filter = parseLandUseFilter(
    (Array.isArray(nutzungsart) ? nutzungsart : [nutzungsart]).map(String),
  );
  if (!filter.ok) return filter;
  const checkedFormat = parseFormat(format);
  if (!checkedFormat.ok) return checkedFormat;
  const date = parseStichtag(stichtag, today);
  if (!date.ok) return date;
  const dated = date.value === undefined ? {} : { stichtag: date.value };
  const entries = addresses.map((addressInput): BatchEntry => {
    const address = parseAddress(addressInput);
    return {
      addressInput,
      target: address.ok ? ok({ ...address.value, filter: filter.value, ...dated }) : address,
    };
  });
  return ok({ entries, format: checkedFormat.value });
}

function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((entry) => typeof entry === 'string');
}
