// GET /api/bodenrichtwert in the OpenAPI document (§2.1–2.3, §4.1, §7.1).
import { ErrorCode } from '#shared/errors.js';
import { lookupRequestSchema } from '#shared/schemas/lookupRequest.js';
import { requestErrorCodes } from '#shared/schemas/requestIssues.js';
import {
  AUTH_ERROR_CODES,
  bearerSecurity,
  errorResponse,
  schemaRef,
  successHeaders,
  xmlNote,
} from '../components.js';
import { answer } from '../answers.js';
import { LOOKUP_ADDRESS_EXAMPLE, lookupExample } from '../examples/lookupExample.js';
import { queryParameters } from '../fromZod.js';
import type { JsonObject, OpenApiModule } from '../types.js';

/** A success answer as JSON (with its example) and as XML. */
export const both = (schema: JsonObject, example: unknown): JsonObject => ({
  'application/json': { schema, example },
  'application/xml': { schema: { type: 'string', description: xmlNote } },
});

/** The error answers a lookup shares with the batch lookup. */
export const lookupErrors = (status: number, codes: readonly ErrorCode[]) =>
  errorResponse(status, codes, { xml: true });

/**
 * What every GET by address shares (the land values, the Immobilienrichtwerte,
 * the Liegenschaftszins): the query parameters of its request schema and its
 * answers, the success one described by the route.
 */
export function addressGet(
  request: Parameters<typeof queryParameters>[0],
  success: { description: string; schema: string; example: unknown },
): JsonObject {
  return {
    tags: ['Lookup'],
    security: bearerSecurity,
    parameters: queryParameters(request, { address: { example: LOOKUP_ADDRESS_EXAMPLE } }),
    responses: {
      '200': {
        description: success.description,
        headers: successHeaders,
        content: both(schemaRef(success.schema), success.example),
      },
      '400': lookupErrors(400, [...requestErrorCodes(request), ErrorCode.tooManyParameters]),
      '401': lookupErrors(401, AUTH_ERROR_CODES),
      '402': lookupErrors(402, [ErrorCode.limitReached, ErrorCode.paymentPastDue]),
      '404': lookupErrors(404, [ErrorCode.addressNotFound, ErrorCode.noData]),
      '429': lookupErrors(429, [ErrorCode.rateLimitExceeded]),
      '451': lookupErrors(451, [ErrorCode.restrictedState]),
      '500': lookupErrors(500, [ErrorCode.processingError]),
      '503': lookupErrors(503, [ErrorCode.serviceError]),
    },
  };
}

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
        ...addressGet(lookupRequestSchema, {
          description: 'Die Bodenrichtwerte an der Adresse',
          schema: 'BodenrichtwertResponse',
          example: lookupExample,
        }),
      },
    },
  },
  schemas: {
    BodenrichtwertEntry: answer('BodenrichtwertEntry'),
    BodenrichtwertResponse: answer('BodenrichtwertResponse'),
  },
};
