// GET /api/bodenrichtwert in the OpenAPI document (§2.1–2.3, §4.1, §7.1).
import { GEOCODING_MATCHES, GEOCODING_SOURCES } from '#shared/apiTypes.js';
import { ErrorCode } from '#shared/errors.js';
import { LAND_USE_CODES } from '#shared/landUse.js';
import { lookupRequestSchema } from '#shared/schemas/lookupRequest.js';
import {
  AUTH_ERROR_CODES,
  bearerSecurity,
  errorResponse,
  schemaRef,
  successHeaders,
  xmlNote,
} from '../components.js';
import { LOOKUP_ADDRESS_EXAMPLE, lookupExample } from '../examples/lookupExample.js';
import { queryParameters } from '../fromZod.js';
import type { JsonObject, OpenApiModule } from '../types.js';

const text = (description: string): JsonObject => ({ type: 'string', description });
const number = (description: string): JsonObject => ({ type: 'number', description });
const nonEmpty = (description: string): JsonObject => ({ ...text(description), minLength: 1 });

/** A success answer as JSON (with its example) and as XML. */
export const both = (schema: JsonObject, example: unknown): JsonObject => ({
  'application/json': { schema, example },
  'application/xml': { schema: { type: 'string', description: xmlNote } },
});

/** The error answers a lookup shares with the batch lookup. */
export const lookupErrors = (status: number, codes: readonly ErrorCode[]) =>
  errorResponse(status, codes, { xml: true });

export const bodenrichtwertApi: OpenApiModule = {
  paths: {
    '/api/bodenrichtwert': {
      get: {
        operationId: 'getBodenrichtwert',
        summary: 'Amtliche Bodenrichtwerte an einer Adresse',
        description:
          'Geokodiert die Adresse, fragt den amtlichen Bodenrichtwertdienst ihres Landes (je ' +
          'Koordinate zwischengespeichert, siehe CACHE_FRESH_SECONDS und CACHE_MAX_AGE_SECONDS) ' +
          'und liefert jede Zone am Punkt, geordnet W, M, G, S, L, F, SO. Jede erfolgreiche ' +
          'Antwort zählt einmal gegen das Monatskontingent. Für Schleswig-Holstein, Sachsen und ' +
          'Bayern antwortet der Dienst mit 451.',
        tags: ['Lookup'],
        security: bearerSecurity,
        parameters: queryParameters(lookupRequestSchema, {
          address: { example: LOOKUP_ADDRESS_EXAMPLE },
        }),
        responses: {
          '200': {
            description: 'Die Bodenrichtwerte an der Adresse',
            headers: successHeaders,
            content: both(schemaRef('BodenrichtwertResponse'), lookupExample),
          },
          '400': lookupErrors(400, [
            ErrorCode.missingAddress,
            ErrorCode.addressTooLong,
            ErrorCode.invalidNutzungsart,
            ErrorCode.invalidFormat,
            ErrorCode.invalidStichtag,
            ErrorCode.tooManyParameters,
          ]),
          '401': lookupErrors(401, AUTH_ERROR_CODES),
          '402': lookupErrors(402, [ErrorCode.limitReached, ErrorCode.paymentPastDue]),
          '404': lookupErrors(404, [ErrorCode.addressNotFound, ErrorCode.noData]),
          '429': lookupErrors(429, [ErrorCode.rateLimitExceeded]),
          '451': lookupErrors(451, [ErrorCode.restrictedState]),
          '500': lookupErrors(500, [ErrorCode.processingError]),
          '503': lookupErrors(503, [ErrorCode.serviceError]),
        },
      },
    },
  },
  schemas: {
    BodenrichtwertEntry: {
      type: 'object',
      additionalProperties: false,
      required: [
        'nutzungsart',
        'code',
        'brw_euro_pro_m2',
        'stichtag',
        'gemeinde',
        'gutachterausschuss',
      ],
      properties: {
        nutzungsart: nonEmpty('Nutzungsart, wie veröffentlicht.'),
        code: { type: 'string', enum: [...LAND_USE_CODES] },
        brw_euro_pro_m2: { type: 'number', minimum: 0, description: 'Bodenrichtwert in €/m².' },
        stichtag: { type: 'string', format: 'date' },
        gemeinde: text('Gemeinde.'),
        gutachterausschuss: text(
          'Gutachterausschuss; kann leer sein, der Schlüssel ist immer vorhanden.',
        ),
        bodenrichtwertnummer: nonEmpty('Nummer der Zone bei ihrem Gutachterausschuss.'),
        zonenbezeichnung: nonEmpty('Name der Zone.'),
        bauweise: nonEmpty('Bauweise, wie veröffentlicht.'),
        geschossflaechenzahl: number('In der Zone zulässige GFZ.'),
        grundflaechenzahl: number('GRZ.'),
        vollgeschosszahl: number('Zahl der Vollgeschosse; keine GFZ.'),
        baumassenzahl: number('BMZ.'),
        wertrel_geschossflaechenzahl: number(
          'Wertrelevante GFZ des Richtwertgrundstücks: das gfz_referenz der Umrechnung ' +
            '(POST /api/bodenwert).',
        ),
        entwicklungszustand: nonEmpty(
          'Entwicklungszustand als Text (baureifes Land, Rohbauland, Bauerwartungsland, …).',
        ),
        beitragszustand: nonEmpty('Beitragsrechtlicher Zustand als Text, wie veröffentlicht.'),
        verfahrensgrund: nonEmpty(
          'Städtebauliche Maßnahme, in deren Gebiet die Zone liegt: Sanierungsgebiet, ' +
            'Entwicklungsbereich, Soziale Stadt oder Stadtumbau.',
        ),
        verfahrensgrund_zusatz: nonEmpty(
          'Ob der Wert die Maßnahme berücksichtigt: sanierungsunbeeinflusst, ' +
            'sanierungsbeeinflusst, entwicklungsunbeeinflusst oder entwicklungsbeeinflusst.',
        ),
        ackerzahl: number('Ackerzahl des Richtwertgrundstücks (landwirtschaftliche Fläche).'),
        gruenlandzahl: number(
          'Grünlandzahl des Richtwertgrundstücks (landwirtschaftliche Fläche).',
        ),
        gemarkung: nonEmpty('Gemarkung der Zone.'),
        bemerkung: nonEmpty('Bemerkung des Gutachterausschusses zur Zone, wie veröffentlicht.'),
        flaeche_m2: number('Fläche des Richtwertgrundstücks in m².'),
        tiefe_m: number('Tiefe des Richtwertgrundstücks in m.'),
        viewer_url: {
          type: 'string',
          format: 'uri',
          description: 'Der amtliche Kartenviewer des Landes für diese Werte.',
        },
      },
    },
    BodenrichtwertResponse: bodenrichtwertResponseSchema(),
  },
};

/** The answer of §2.2, also the base of a batch item. */
export function bodenrichtwertResponseSchema(): JsonObject {
  return {
    type: 'object',
    additionalProperties: false,
    required: [
      'address_input',
      'address_resolved',
      'coordinates',
      'geocoding',
      'bodenrichtwerte',
      'cache_hit',
      'abgerufen_am',
      'attribution',
      'disclaimer',
    ],
    properties: {
      address_input: text('Die Adresse, wie gesendet.'),
      address_resolved: text(
        'Die verwendete Adresse: die der amtlichen Hauskoordinate oder der beste Treffer des ' +
          'Geokodierers mit Hausnummer.',
      ),
      coordinates: {
        type: 'object',
        additionalProperties: false,
        required: ['lat', 'lon'],
        properties: { lat: number('Breite (WGS84).'), lon: number('Länge (WGS84).') },
      },
      geocoding: {
        type: 'object',
        additionalProperties: false,
        required: ['source', 'match'],
        description:
          'Wie die Adresse verortet wurde: über die amtlichen Hauskoordinaten des Landes oder ' +
          'über den Geokodierer.',
        properties: {
          source: { type: 'string', enum: [...GEOCODING_SOURCES] },
          match: {
            type: 'string',
            enum: [...GEOCODING_MATCHES],
            description:
              'exact: Straße, Hausnummer und Zusatz; without_suffix: Hausnummer ohne den ' +
              'eingegebenen Zusatz; similar_street: ähnlich geschriebene Straße im selben Ort; ' +
              'geocoder: keine amtliche Hauskoordinate gefunden.',
          },
          quality: {
            type: 'string',
            enum: ['A', 'B'],
            description: 'Nur amtliche Punkte: A im Gebäude, B auf dem Flurstück.',
          },
          dataset: text('Nur amtliche Punkte: Datensatz des Landes und sein Stand.'),
        },
      },
      bodenrichtwerte: { type: 'array', minItems: 1, items: schemaRef('BodenrichtwertEntry') },
      cache_hit: { type: 'boolean' },
      cache_stale: {
        type: 'boolean',
        const: true,
        description:
          'Nur vorhanden, wenn ein zwischengespeicherter Eintrag nicht mehr frisch, aber noch ' +
          'zulässig ist.',
      },
      abgerufen_am: {
        type: 'string',
        format: 'date-time',
        description:
          'Wann die Werte bei der amtlichen Quelle abgerufen wurden; in einer Antwort aus dem ' +
          'Zwischenspeicher dieselbe Zeit.',
      },
      attribution: {
        type: 'object',
        additionalProperties: false,
        required: ['text', 'license_url', 'source_url', 'year'],
        properties: {
          text: text('Sichtbar anzeigen: Datenhalter, Jahr und Lizenz.'),
          license_url: { type: 'string', format: 'uri' },
          source_url: { type: 'string', format: 'uri' },
          year: { type: 'integer' },
          hauskoordinaten: {
            type: 'object',
            additionalProperties: false,
            required: ['text', 'license_url'],
            description:
              'Nur wenn die Adresse über Hauskoordinaten unter dl-de/by-2.0 oder CC BY 4.0 ' +
              'verortet wurde: deren Quellenvermerk (auch Teil von text).',
            properties: {
              text: text('Quellenvermerk der Hauskoordinaten.'),
              license_url: { type: 'string', format: 'uri' },
              source_url: { type: 'string', format: 'uri' },
            },
          },
        },
      },
      hinweis: text(
        'Nur vorhanden, wenn das Land Bodenrichtwerte eines neueren Stichtags veröffentlicht ' +
          'hat, als sein Dienst liefert; sichtbar anzeigen.',
      ),
      disclaimer: text('Pflichthinweis; sichtbar lassen.'),
    },
  };
}
