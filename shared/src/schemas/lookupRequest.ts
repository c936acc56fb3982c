// GET /api/bodenrichtwert (§4.1): its query parameters, checked in the order
// missing_address, address_too_long, invalid_nutzungsart, invalid_format,
// invalid_stichtag. The same request is the MCP tool get_bodenrichtwert's
// input and the dashboard's lookup form; the OpenAPI parameters are derived
// from this schema.
import { z } from 'zod';
import { MAX_ADDRESS_LENGTH } from '../apiTypes.js';
import { ok, type Result } from '../errors.js';
import type { LandUseCode } from '../landUse.js';
import { parseStichtag } from '../stichtag.js';
import {
  addressField,
  asList,
  firstAsSent,
  formatField,
  nutzungsartField,
  stichtagField,
} from './lookupFields.js';
import { parseRequest } from './requestIssues.js';

export const lookupRequestSchema = z.object({
  address: addressField(
    'Vollständige Adresse: Straße, Hausnummer, Postleitzahl, Ort ' +
      `(höchstens ${MAX_ADDRESS_LENGTH} Zeichen).`,
  ),
  nutzungsart: nutzungsartField(
    'Filter nach Nutzungsart; für mehrere Codes den Parameter wiederholen (keine Kommalisten).',
  ),
  format: formatField('Antwortformat.'),
  stichtag: stichtagField(
    'Wertermittlungsstichtag, nicht nach heute: je Zone der Eintrag mit dem jüngsten ' +
      'Stichtag an oder vor diesem Datum; nur Zonen, die damals einen Wert hatten. Ohne ' +
      'Angabe die aktuellen Werte. Ein Datum vor dem frühesten Stichtag der Quelle ' +
      'ergibt 404 no_data mit dem frühesten verfügbaren Jahr.',
  ),
});

/** What to look up: the address as sent and trimmed, the filter and the date. */
export interface LookupTarget {
  /** As sent (echoed as address_input). */
  addressInput: string;
  /** Trimmed, used for geocoding. */
  address: string;
  filter: LandUseCode[];
  /** YYYY-MM-DD: the values in force on that day; absent: the current ones. */
  stichtag?: string;
}

export interface LookupRequest extends LookupTarget {
  format: z.output<typeof lookupRequestSchema>['format'];
}

/**
 * The request from its parameters as a query string, a form or a tool call
 * gives them: a repeated address or stichtag is read as its first value.
 * `today`: YYYY-MM-DD, the calendar day in Germany (a later stichtag is refused).
 */
export function parseLookupRequest(
  parameters: Readonly<Record<string, unknown>>,
  today: string,
): Result<LookupRequest> {
  const request = parseRequest(lookupRequestSchema, {
    address: firstAsSent(parameters.address) ?? '',
    nutzungsart: asList(parameters.nutzungsart),
    format: parameters.format,
    stichtag: asList(parameters.stichtag)[0],
  });
  if (!request.ok) return request;
  const { address, nutzungsart, format, stichtag } = request.value;
  const date = parseStichtag(stichtag, today);
  if (!date.ok) return date;
  return ok({
    addressInput: address,
    address: address.trim(),
    filter: nutzungsart,
    format,
    ...(date.value === undefined ? {} : { stichtag: date.value }),
  });
}
