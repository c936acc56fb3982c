// GET /api/immobilienrichtwert: its query parameters, checked in the order
// missing_address, address_too_long, invalid_teilmarkt, invalid_format,
// invalid_stichtag. The same request is the MCP tool get_immobilienrichtwert's
// input; the OpenAPI parameters are derived from this schema.
import { z } from 'zod';
import { MAX_ADDRESS_LENGTH } from '../apiTypes.js';
import { ErrorCode, ok, type Result } from '../errors.js';
import { TEILMAERKTE, teilmarktCode } from '../immobilienrichtwert.js';
import { parseStichtag } from '../stichtag.js';
import { addressField, asList, firstAsSent, formatField, stichtagField } from './lookupFields.js';
import { coded } from './requestIssues.js';
import { parseRequest } from './requestIssues.js';

const TEILMARKT_NAMES = Object.entries(TEILMAERKTE)
  .map(([code, name]) => `${code} ${name}`)
  .join(', ');

const teilmarktMessage = (input: unknown) =>
  `Unbekannter Teilmarkt „${String(input)}“. Erlaubt sind Code oder Name: ${TEILMARKT_NAMES}.`;

export const immobilienrichtwertRequestSchema = z.object({
  address: addressField(
    'Vollständige Adresse in Nordrhein-Westfalen: Straße, Hausnummer, Postleitzahl, Ort ' +
      `(höchstens ${MAX_ADDRESS_LENGTH} Zeichen).`,
  ),
  teilmarkt: coded(
    z
      .string({ error: (issue) => teilmarktMessage(issue.input) })
      .refine((text) => teilmarktCode(text) !== undefined, {
        error: (issue) => teilmarktMessage(issue.input),
      })
      .transform((text) => teilmarktCode(text) as string)
      .meta({
        description: `Nur dieser Teilmarkt, als Code oder Name (${TEILMARKT_NAMES}). Ohne Angabe alle Teilmärkte am Standort.`,
      })
      .optional(),
    ErrorCode.invalidTeilmarkt,
  ),
  format: formatField('Antwortformat.'),
  stichtag: stichtagField(
    'Stichtag, nicht nach heute: je Teilmarkt der Immobilienrichtwert mit dem jüngsten ' +
      'Stichtag an oder vor diesem Datum. Ohne Angabe die aktuellen Werte.',
  ),
});

export interface ImmobilienrichtwertRequest {
  /** As sent (echoed as address_input). */
  addressInput: string;
  /** Trimmed, used for geocoding. */
  address: string;
  /** The sub-market's code. */
  teilmarkt?: string;
  /** YYYY-MM-DD: the values in force on that day; absent: the current ones. */
  stichtag?: string;
  format: 'json' | 'xml';
}

/** The request from a query string or a tool call; `today` refuses a later stichtag. */
export function parseImmobilienrichtwertRequest(
  parameters: Readonly<Record<string, unknown>>,
  today: string,
): Result<ImmobilienrichtwertRequest> {
  const request = parseRequest(immobilienrichtwertRequestSchema, {
    address: firstAsSent(parameters.address) ?? '',
    teilmarkt: asList(parameters.teilmarkt)[0],
    format: parameters.format,
    stichtag: asList(parameters.stichtag)[0],
  });
  if (!request.ok) return request;
  const { address, teilmarkt, format, stichtag } = request.value;
  const date = parseStichtag(stichtag, today);
  if (!date.ok) return date;
  return ok({
    addressInput: address,
    address: address.trim(),
    format,
    ...(teilmarkt === undefined ? {} : { teilmarkt }),
    ...(date.value === undefined ? {} : { stichtag: date.value }),
  });
}
