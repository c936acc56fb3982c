// GET /api/bodenrichtwert in the OpenAPI document (§2.1–2.3, §4.1, §7.1).
import { ErrorCode } from '../../../../shared/src/errors.js';
import { LAND_USE_CODES } from '../../../../shared/src/landUse.js';
import {
  authErrors,
  bearerSecurity,
  errorResponse,
  rateLimitError,
  schemaRef,
  successHeaders,
} from '../components.js';
import type { JsonObject, OpenApiModule } from '../types.js';

const text = (description: string): JsonObject => ({ type: 'string', description });
const number = (description: string): JsonObject => ({ type: 'number', description });
const nonEmpty = (description: string): JsonObject => ({ ...text(description), minLength: 1 });

export const xmlNote =
  'With format=xml the same structure as application/xml (root `response`, entries as ' +
  '`bodenrichtwert` elements, absent fields absent).';

export const both = (schema: JsonObject): JsonObject => ({
  'application/json': { schema },
  'application/xml': { schema: { type: 'string', description: xmlNote } },
});

export const xmlError = (status: number, codes: readonly string[]): JsonObject => {
  const response = errorResponse(status, codes);
  return { ...response, content: both(schemaRef('ErrorBody')) };
};

export const bodenrichtwertApi: OpenApiModule = {
  paths: {
    '/api/bodenrichtwert': {
      get: {
        operationId: 'getBodenrichtwert',
        summary: 'Official land values at an address',
        description:
          'Geocodes the address, asks the official land-value service of its state (cached per ' +
          'coordinate: 24 h fresh, up to 30 days served stale) and returns every zone at the ' +
          'point, ordered W, M, G, S, L, F, SO. Counts once against the monthly quota per ' +
          'successful answer. Schleswig-Holstein, Sachsen and Bayern answer 451.',
        tags: ['Lookup'],
        security: bearerSecurity,
        parameters: [
          {
            name: 'address',
            in: 'query',
            required: true,
            description:
              'Full address: street, house number, postal code, city (max. 300 characters).',
            schema: { type: 'string', maxLength: 300 },
          },
          {
            name: 'nutzungsart',
            in: 'query',
            required: false,
            description: 'Filter; repeat the parameter for several codes. No comma lists.',
            schema: { type: 'array', items: { type: 'string', enum: [...LAND_USE_CODES] } },
            style: 'form',
            explode: true,
          },
          {
            name: 'format',
            in: 'query',
            required: false,
            schema: { type: 'string', enum: ['json', 'xml'], default: 'json' },
          },
          {
            name: 'stichtag',
            in: 'query',
            required: false,
            description:
              'Reference date (Wertermittlungsstichtag), not after today: per zone the entry of ' +
              'the newest stichtag on or before it, with that stichtag; only zones that had a ' +
              'value then. Without it, the current values. A date before the earliest stichtag ' +
              'the source offers answers 404 no_data naming how far back it reaches.',
            schema: { type: 'string', format: 'date', example: '2022-01-01' },
          },
        ],
        responses: {
          '200': {
            description: 'Land values at the address',
            headers: successHeaders,
            content: both(schemaRef('BodenrichtwertResponse')),
          },
          '400': xmlError(400, [
            'missing_address',
            'address_too_long',
            'invalid_nutzungsart',
            'invalid_format',
            ErrorCode.invalidStichtag,
            'too_many_parameters',
          ]),
          '401': { ...authErrors['401'], content: both(schemaRef('ErrorBody')) },
          '402': xmlError(402, ['limit_reached', 'payment_past_due']),
          '404': xmlError(404, ['address_not_found', 'no_data']),
          '429': { ...rateLimitError['429'], content: both(schemaRef('ErrorBody')) },
          '451': xmlError(451, ['restricted_state']),
          '500': xmlError(500, ['processing_error']),
          '503': xmlError(503, ['service_error']),
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
        nutzungsart: nonEmpty('Land use in German, as published.'),
        code: { type: 'string', enum: [...LAND_USE_CODES] },
        brw_euro_pro_m2: { type: 'number', minimum: 0, description: 'Land value, EUR/m².' },
        stichtag: { type: 'string', format: 'date' },
        gemeinde: text('Municipality.'),
        gutachterausschuss: text('Expert committee; may be empty, the key is always present.'),
        bodenrichtwertnummer: nonEmpty('Zone number within its committee.'),
        zonenbezeichnung: nonEmpty('Zone name.'),
        bauweise: nonEmpty('Building configuration as published.'),
        geschossflaechenzahl: number('GFZ permitted in the zone.'),
        grundflaechenzahl: number('GRZ.'),
        vollgeschosszahl: number('Number of full storeys; not a GFZ.'),
        baumassenzahl: number('BMZ.'),
        wertrel_geschossflaechenzahl: number('Reference GFZ of the value (gfz_referenz).'),
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
      'bodenrichtwerte',
      'cache_hit',
      'attribution',
      'disclaimer',
    ],
    properties: {
      address_input: text('The address as sent.'),
      address_resolved: text('The geocoded address used (best house-number-level candidate).'),
      coordinates: {
        type: 'object',
        additionalProperties: false,
        required: ['lat', 'lon'],
        properties: { lat: number('WGS84 latitude.'), lon: number('WGS84 longitude.') },
      },
      bodenrichtwerte: { type: 'array', minItems: 1, items: schemaRef('BodenrichtwertEntry') },
      cache_hit: { type: 'boolean' },
      cache_stale: {
        type: 'boolean',
        const: true,
        description: 'Present only for a cached entry between 24 hours and 30 days old.',
      },
      attribution: {
        type: 'object',
        additionalProperties: false,
        required: ['text', 'license_url', 'source_url', 'year'],
        properties: {
          text: text('Show visibly: data owners, year and licence.'),
          license_url: { type: 'string', format: 'uri' },
          source_url: { type: 'string', format: 'uri' },
          year: { type: 'integer' },
        },
      },
      disclaimer: text('Mandatory German notice; keep it visible.'),
    },
  };
}
