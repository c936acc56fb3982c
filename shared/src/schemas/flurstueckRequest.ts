// GET /api/flurstueck (issue 34): its query parameters. Exactly one of address
// and kennzeichen names the parcel (missing_parameter, conflicting_parameters,
// checked first), then the fields in the order address_too_long,
// invalid_kennzeichen, invalid_nutzungsart, invalid_gfz_tatsaechlich,
// invalid_format, invalid_stichtag. The same request is the MCP tool
// get_flurstueck's input and the lookup page's parcel form; the OpenAPI
// parameters are derived from this schema.
import { z } from 'zod';
import { MAX_ADDRESS_LENGTH } from '../apiTypes.js';
import { INPUT_MAXIMA } from '../bodenwertInput.js';
import { AppError, ErrorCode, fail, ok, type Result } from '../errors.js';
import { parseKennzeichen } from '../flurstueckskennzeichen.js';
import type { LandUseCode } from '../landUse.js';
import { parseDecimalInput } from '../numbers.js';
import { parseStichtag } from '../stichtag.js';
import {
  addressField,
  asList,
  firstAsSent,
  formatField,
  nutzungsartField,
  stichtagField,
} from './lookupFields.js';
import { coded, parseRequest } from './requestIssues.js';

const KENNZEICHEN_NOT_TEXT =
  'Der Parameter „kennzeichen“ muss ein Flurstückskennzeichen als Text sein.';

const GFZ_MESSAGE =
  `„gfz“ muss eine Zahl größer als 0 und höchstens ${INPUT_MAXIMA.gfz.toLocaleString('de-DE')} ` +
  'sein (Punkt oder Komma als Dezimaltrennzeichen).';

/** The Kennzeichen as parseKennzeichen normalises it, or its own error. */
const kennzeichenField = coded(
  z
    .string({ error: KENNZEICHEN_NOT_TEXT })
    .transform((text, context) => {
      const parsed = parseKennzeichen(text);
      if (parsed.ok) return parsed.value;
      context.addIssue({ code: 'custom', message: parsed.error.message, input: text });
      return z.NEVER;
    })
    .meta({
      description:
        'Flurstückskennzeichen, 20 Zeichen: Land (2), Gemarkung (4), Flur (3), Zähler (5), ' +
        'Nenner (4), Folge (2), fehlende Teile mit „_“ aufgefüllt; Berlins 18-stellige Form ' +
        'ohne Folge wird angenommen.',
      example: '05329001100085______',
    })
    .optional(),
  ErrorCode.invalidKennzeichen,
);

/** The plot's GFZ as text with a dot or comma; the calculation's range for gfz_tatsaechlich. */
const gfzField = coded(
  z
    .string({ error: GFZ_MESSAGE })
    .transform((text, context) => {
      const parsed = parseDecimalInput(text);
      if (parsed.kind === 'number' && parsed.value > 0 && parsed.value <= INPUT_MAXIMA.gfz) {
        return parsed.value;
      }
      context.addIssue({ code: 'custom', message: GFZ_MESSAGE, input: text });
      return z.NEVER;
    })
    .meta({
      description:
        'Tatsächliche oder zulässige GFZ des Grundstücks: je Zone mit wertrelevanter GFZ der ' +
        'umgerechnete Bodenwert (K(GFZ) wie bei POST /api/bodenwert). Eine Neuberechnung ' +
        'mit anderer GFZ zählt nicht erneut.',
      example: '1,2',
    })
    .optional(),
  ErrorCode.invalidGfzTatsaechlich,
);

export const flurstueckRequestSchema = coded(
  z.object({
    // Coded again: optional() wraps the address field in a schema of its own.
    address: coded(
      addressField(
        'Adresse (Straße, Hausnummer, Postleitzahl, Ort; höchstens ' +
          `${MAX_ADDRESS_LENGTH} Zeichen): das Flurstück am Punkt der Adresse. ` +
          'Entweder address oder kennzeichen.',
      ).optional(),
      ErrorCode.missingAddress,
      [ErrorCode.addressTooLong],
    ),
    kennzeichen: kennzeichenField,
    nutzungsart: nutzungsartField(
      'Nur Zonen dieser Nutzungsarten; für mehrere Codes den Parameter wiederholen.',
    ),
    gfz: gfzField,
    format: formatField('Antwortformat.'),
    stichtag: stichtagField(
      'Wertermittlungsstichtag, nicht nach heute: je Zone der Eintrag mit dem jüngsten ' +
        'Stichtag an oder vor diesem Datum. Ohne Angabe die aktuellen Werte.',
    ),
  }),
  ErrorCode.missingParameter,
  [ErrorCode.conflictingParameters],
);

/**
 * The parcel asked for (the use case's ParcelTarget): by address as sent, or
 * by Kennzeichen as sent and normalised.
 */
export type FlurstueckTarget =
  | { kind: 'address'; addressInput: string }
  | { kind: 'kennzeichen'; kennzeichenInput: string; kennzeichen: string };

export interface FlurstueckRequest {
  target: FlurstueckTarget;
  nutzungsarten: LandUseCode[];
  gfz?: number;
  format: z.output<typeof flurstueckRequestSchema>['format'];
  /** YYYY-MM-DD: the values in force on that day; absent: the current ones. */
  stichtag?: string;
}

/** A parameter counts as given unless absent or blank. */
const given = (value: unknown) =>
  value !== undefined && !(typeof value === 'string' && value.trim() === '');

/**
 * The request from its parameters as a query string, a form or a tool call
 * gives them: a repeated single parameter is read as its first value.
 * `today`: YYYY-MM-DD, the calendar day in Germany (a later stichtag is refused).
 */
export function parseFlurstueckRequest(
  parameters: Readonly<Record<string, unknown>>,
  today: string,
): Result<FlurstueckRequest> {
  const address = firstAsSent(parameters.address);
  const kennzeichen = asList(parameters.kennzeichen)[0];
  if (given(address) === given(kennzeichen)) {
    return fail(
      given(address)
        ? new AppError(
            ErrorCode.conflictingParameters,
            'Entweder „address“ oder „kennzeichen“ angeben, nicht beide.',
          )
        : new AppError(
            ErrorCode.missingParameter,
            'Es fehlt der Parameter „address“ (Adresse) oder „kennzeichen“ (Flurstückskennzeichen).',
          ),
    );
  }
  const request = parseRequest(flurstueckRequestSchema, {
    ...(given(address) ? { address } : { kennzeichen }),
    nutzungsart: asList(parameters.nutzungsart),
    gfz: asList(parameters.gfz)[0],
    format: parameters.format,
    stichtag: asList(parameters.stichtag)[0],
  });
  if (!request.ok) return request;
  const date = parseStichtag(request.value.stichtag, today);
  if (!date.ok) return date;
  const { gfz, format, nutzungsart } = request.value;
  return ok({
    target: targetOf(request.value, kennzeichen),
    nutzungsarten: nutzungsart,
    format,
    ...(gfz === undefined ? {} : { gfz }),
    ...(date.value === undefined ? {} : { stichtag: date.value }),
  });
}

function targetOf(
  fields: { address?: string | undefined; kennzeichen?: string | undefined },
  kennzeichenInput: unknown,
): FlurstueckTarget {
  if (fields.kennzeichen !== undefined) {
    return {
      kind: 'kennzeichen',
      kennzeichenInput: String(kennzeichenInput),
      kennzeichen: fields.kennzeichen,
    };
  }
  return { kind: 'address', addressInput: fields.address ?? '' };
}
