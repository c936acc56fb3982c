// Body of POST /api/bodenrichtwert/batch, checked in the order invalid_body,
// missing_address (no addresses), too_many_addresses, invalid_nutzungsart,
// invalid_format, invalid_stichtag. A blank or too long single address does
// not refuse the batch: it becomes that item's error, like the single
// lookup's answer. The same request is the MCP tool
// get_bodenrichtwert_batch's input; the OpenAPI request body is derived from
// this schema.
import { z } from 'zod';
import { MAX_ADDRESS_LENGTH, MAX_BATCH_ADDRESSES } from '../apiTypes.js';
import { ErrorCode, ok, type Result } from '../errors.js';
import { parseStichtag } from '../stichtag.js';
import {
  addressField,
  asList,
  formatField,
  MISSING_ADDRESS_MESSAGE,
  nutzungsartField,
  stichtagField,
} from './lookupFields.js';
import type { LookupTarget, LookupRequest } from './lookupRequest.js';
import { coded, parseRequest, type IssueView } from './requestIssues.js';

const NOT_AN_OBJECT = 'Der Anfragekörper muss ein JSON-Objekt mit „addresses“ sein.';
const NOT_A_LIST = '„addresses“ muss eine Liste von Adressen (Zeichenketten) sein.';
const EMPTY = 'Die Liste „addresses“ fehlt oder ist leer.';

function addressesCode(issue: IssueView): ErrorCode {
  if (issue.code === 'too_big') return ErrorCode.tooManyAddresses;
  if (issue.code === 'too_small' || issue.input === undefined) return ErrorCode.missingAddress;
  return ErrorCode.invalidBody;
}

const addresses = coded(
  z
    .array(z.string({ error: NOT_A_LIST }).meta({ maxLength: MAX_ADDRESS_LENGTH }), {
      error: (issue) => (issue.input === undefined ? EMPTY : NOT_A_LIST),
    })
    .min(1, { error: EMPTY })
    .max(MAX_BATCH_ADDRESSES, {
      error: (issue) =>
        `Höchstens ${MAX_BATCH_ADDRESSES} Adressen je Anfrage ` +
        `(erhalten: ${(issue.input as unknown[]).length}).`,
    })
    .meta({
      description:
        'Vollständige Adressen (Straße, Hausnummer, Postleitzahl, Ort). Eine leere oder zu ' +
        'lange Adresse wird ein Fehlerelement, kein Fehler der Anfrage.',
    }),
  addressesCode,
  [ErrorCode.invalidBody, ErrorCode.missingAddress, ErrorCode.tooManyAddresses],
);

export const batchRequestSchema = coded(
  z.object(
    {
      addresses,
      nutzungsart: nutzungsartField('Filter nach Nutzungsart für jede Adresse.'),
      format: formatField(),
      stichtag: stichtagField('Stichtag für jede Adresse, wie bei GET /api/bodenrichtwert.'),
    },
    { error: NOT_AN_OBJECT },
  ),
  ErrorCode.invalidBody,
);

export interface BatchEntry {
  /** As sent (echoed as address_input, also in an error item). */
  addressInput: string;
  target: Result<LookupTarget>;
}

export interface BatchRequest {
  /** One entry per address, in input order. */
  entries: BatchEntry[];
  format: LookupRequest['format'];
}

/** One address of a batch on its own, by the single lookup's rule. */
const oneAddress = z.object({ address: addressField(MISSING_ADDRESS_MESSAGE) });

/**
 * A single nutzungsart is read as a list of one. `queryFormat`: the format
 * query parameter, used when the body has none. `today`: YYYY-MM-DD, the
 * calendar day in Germany (a later stichtag is refused).
 */
export function parseBatchRequest(
  body: unknown,
  queryFormat: unknown,
  today: string,
): Result<BatchRequest> {
  const fields = isObject(body)
    ? {
        ...body,
        nutzungsart: asList(body.nutzungsart),
        format: body.format === undefined ? queryFormat : body.format,
      }
    : body;
  const request = parseRequest(batchRequestSchema, fields);
  if (!request.ok) return request;
  const { nutzungsart: filter, format, stichtag } = request.value;
  const date = parseStichtag(stichtag, today);
  if (!date.ok) return date;
  const dated = date.value === undefined ? {} : { stichtag: date.value };
  const entries = request.value.addresses.map((addressInput): BatchEntry => {
    const address = parseRequest(oneAddress, { address: addressInput });
    return {
      addressInput,
      target: address.ok
        ? ok({ addressInput, address: addressInput.trim(), filter, ...dated })
        : address,
    };
  });
  return ok({ entries, format });
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
