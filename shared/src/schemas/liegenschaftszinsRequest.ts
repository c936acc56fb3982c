// GET /api/liegenschaftszins: its query parameters, checked in the order
// missing_address, address_too_long, invalid_objektart, invalid_format,
// invalid_stichtag. The same request is the MCP tool get_liegenschaftszins's
// input; the OpenAPI parameters are derived from this schema.
import { z } from 'zod';
import { MAX_ADDRESS_LENGTH } from '../apiTypes.js';
import { ErrorCode, ok, type Result } from '../errors.js';
import { findObjektart, objektartList, type Objektart } from '../objektarten.js';
import { parseStichtag } from '../stichtag.js';
import { addressField, asList, firstAsSent, formatField, stichtagField } from './lookupFields.js';
import { coded, parseRequest } from './requestIssues.js';

/** The 400 of a missing or unknown property type lists the valid values. */
export const objektartMessage = (sent: string) =>
  `${sent === '' ? 'Der Parameter „objektart“ fehlt.' : `Die Objektart „${sent}“ ist unbekannt.`} ` +
  `Gültig sind: ${objektartList()}.`;

const objektartField = coded(
  z
    .string({ error: objektartMessage('') })
    .transform((text, context) => {
      const art = findObjektart(text.trim());
      if (art !== undefined) return art;
      context.addIssue({ code: 'custom', message: objektartMessage(text.trim()), input: text });
      return z.NEVER;
    })
    .meta({
      description:
        'Objektart: Kürzel oder deutscher Name, z. B. „mfh“ oder „Mehrfamilienhäuser“. ' +
        `Gültig: ${objektartList()}.`,
      example: 'mfh',
    }),
  ErrorCode.invalidObjektart,
);

export const liegenschaftszinsRequestSchema = z.object({
  address: addressField(
    'Vollständige Adresse: Straße, Hausnummer, Postleitzahl, Ort ' +
      `(höchstens ${MAX_ADDRESS_LENGTH} Zeichen).`,
  ),
  objektart: objektartField,
  format: formatField('Antwortformat.'),
  stichtag: stichtagField(
    'Wertermittlungsstichtag, nicht nach heute: der jüngste importierte Jahrgang, dessen ' +
      'Stichtag an oder vor diesem Datum liegt. Ohne Angabe der jüngste.',
  ),
});

export interface LiegenschaftszinsRequest {
  /** As sent (echoed as address_input). */
  addressInput: string;
  /** Trimmed, used for geocoding. */
  address: string;
  objektart: Objektart;
  format: 'json' | 'xml';
  /** YYYY-MM-DD; absent: the newest imported year. */
  stichtag?: string;
}

/** The request from a query string or a tool call; a repeated value is read as its first. */
export function parseLiegenschaftszinsRequest(
  parameters: Readonly<Record<string, unknown>>,
  today: string,
): Result<LiegenschaftszinsRequest> {
  const request = parseRequest(liegenschaftszinsRequestSchema, {
    address: firstAsSent(parameters.address) ?? '',
    objektart: asList(parameters.objektart)[0] ?? '',
    format: parameters.format,
    stichtag: asList(parameters.stichtag)[0],
  });
  if (!request.ok) return request;
  const { address, objektart, format, stichtag } = request.value;
  const date = parseStichtag(stichtag, today);
  if (!date.ok) return date;
  return ok({
    addressInput: address,
    address: address.trim(),
    objektart,
    format,
    ...(date.value === undefined ? {} : { stichtag: date.value }),
  });
}
