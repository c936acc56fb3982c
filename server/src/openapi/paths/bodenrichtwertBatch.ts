// POST /api/bodenrichtwert/batch in the OpenAPI document: up to
// MAX_BATCH_ADDRESSES single lookups in one request, answered in input order.
import { MAX_BATCH_ADDRESSES } from '../../../../shared/src/apiTypes.js';
import { ErrorCode } from '../../../../shared/src/errors.js';
import { LAND_USE_CODES } from '../../../../shared/src/landUse.js';
import { MAX_ADDRESS_LENGTH } from '../../api/bodenrichtwert/params.js';
import { BATCH_BODY_LIMIT_BYTES } from '../../api/bodenrichtwert/router.js';
import {
  authErrors,
  bearerSecurity,
  errorBodySchema,
  rateLimitError,
  schemaRef,
  successHeaders,
} from '../components.js';
import type { JsonObject, OpenApiModule } from '../types.js';
import { both, bodenrichtwertResponseSchema, xmlError } from './bodenrichtwert.js';

/** What a single lookup can answer besides 200, and so what an item can hold. */
const ITEM_ERROR_CODES = [
  ErrorCode.missingAddress,
  ErrorCode.addressTooLong,
  ErrorCode.invalidToken,
  ErrorCode.limitReached,
  ErrorCode.paymentPastDue,
  ErrorCode.addressNotFound,
  ErrorCode.noData,
  ErrorCode.restrictedState,
  ErrorCode.processingError,
  ErrorCode.serviceError,
];

function withProperties(schema: JsonObject, extra: Record<string, JsonObject>): JsonObject {
  return {
    ...schema,
    required: [...(schema.required as string[]), ...Object.keys(extra)],
    properties: { ...(schema.properties as JsonObject), ...extra },
  };
}

const errorProperties = errorBodySchema.properties as Record<string, JsonObject>;

export const bodenrichtwertBatchApi: OpenApiModule = {
  paths: {
    '/api/bodenrichtwert/batch': {
      post: {
        operationId: 'getBodenrichtwertBatch',
        summary: `Official land values at up to ${MAX_BATCH_ADDRESSES} addresses`,
        description:
          'Each address is answered exactly as GET /api/bodenrichtwert would answer it: an item ' +
          'is the full lookup answer plus "status": 200, or the error body plus address_input. ' +
          'Items keep the input order. Each item counts against the quota like a single lookup ' +
          '(items refused with 402 once the cap is reached; error items never count; a lookup ' +
          'already answered this month is free); the request counts once for the rate limit. ' +
          'Requests to each state service are bounded per instance (SOURCE_MAX_CONCURRENCY).',
        tags: ['Lookup'],
        security: bearerSecurity,
        parameters: [
          {
            name: 'format',
            in: 'query',
            required: false,
            description: 'Answer format; "format" in the body wins when both are given.',
            schema: { type: 'string', enum: ['json', 'xml'], default: 'json' },
          },
        ],
        requestBody: {
          required: true,
          description: `At most ${BATCH_BODY_LIMIT_BYTES} bytes.`,
          content: { 'application/json': { schema: schemaRef('BatchLookupRequest') } },
        },
        responses: {
          '200': {
            description:
              'One item per address, in input order. XML: root `response`, `results` holding ' +
              '`result` elements, each structured like the single answer.',
            headers: successHeaders,
            content: both(schemaRef('BatchLookupResponse')),
          },
          '400': xmlError(400, [
            ErrorCode.invalidJson,
            ErrorCode.invalidBody,
            ErrorCode.missingAddress,
            ErrorCode.tooManyAddresses,
            ErrorCode.invalidNutzungsart,
            ErrorCode.invalidFormat,
            ErrorCode.invalidStichtag,
          ]),
          '401': { ...authErrors['401'], content: both(schemaRef('ErrorBody')) },
          '413': xmlError(413, [ErrorCode.payloadTooLarge]),
          '429': { ...rateLimitError['429'], content: both(schemaRef('ErrorBody')) },
          '500': xmlError(500, [ErrorCode.processingError]),
        },
      },
    },
  },
  schemas: {
    BatchLookupRequest: {
      type: 'object',
      required: ['addresses'],
      properties: {
        addresses: {
          type: 'array',
          minItems: 1,
          maxItems: MAX_BATCH_ADDRESSES,
          description:
            'Full addresses (street, house number, postal code, city). A blank or too long ' +
            'address becomes an error item, not an error of the request.',
          items: { type: 'string', maxLength: MAX_ADDRESS_LENGTH },
        },
        nutzungsart: {
          type: 'array',
          description: 'Filter applied to every address.',
          items: { type: 'string', enum: [...LAND_USE_CODES] },
        },
        stichtag: {
          type: 'string',
          format: 'date',
          description: 'Reference date for every address, as in GET /api/bodenrichtwert.',
          example: '2022-01-01',
        },
        format: { type: 'string', enum: ['json', 'xml'], default: 'json' },
      },
    },
    BatchLookupResponse: {
      type: 'object',
      additionalProperties: false,
      required: ['results'],
      properties: {
        results: { type: 'array', minItems: 1, items: schemaRef('BatchLookupItem') },
      },
    },
    BatchLookupItem: {
      oneOf: [
        withProperties(bodenrichtwertResponseSchema(), {
          status: { type: 'integer', const: 200 },
        }),
        withProperties(
          {
            ...errorBodySchema,
            properties: {
              ...errorProperties,
              error: { ...errorProperties.error, enum: ITEM_ERROR_CODES },
            },
          },
          { address_input: { type: 'string', description: 'The address as sent.' } },
        ),
      ],
    },
  },
};
