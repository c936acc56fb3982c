// GET /api/flurstueck in the OpenAPI document (issue 34).
import { ErrorCode } from '#shared/errors.js';
import { flurstueckRequestSchema } from '#shared/schemas/flurstueckRequest.js';
import { requestErrorCodes } from '#shared/schemas/requestIssues.js';
import { answer } from '../answers.js';
import { AUTH_ERROR_CODES, bearerSecurity, schemaRef, successHeaders } from '../components.js';
import {
  FLURSTUECK_KENNZEICHEN_EXAMPLE,
  flurstueckExample,
} from '../examples/flurstueckExample.js';
import { LOOKUP_ADDRESS_EXAMPLE } from '../examples/lookupExample.js';
import { queryParameters } from '../fromZod.js';
import type { OpenApiModule } from '../types.js';
import { both, lookupErrors } from './bodenrichtwert.js';

export const flurstueckApi: OpenApiModule = {
  paths: {
    '/api/flurstueck': {
      get: {
        operationId: 'getFlurstueck',
        summary: 'Flurstück mit amtlicher Fläche, seinen Bodenrichtwertzonen und Bodenwert',
        description:
          'Findet das Flurstück am Punkt einer Adresse oder zu einem Flurstückskennzeichen im ' +
          'Liegenschaftskataster des Landes, verschneidet es mit jeder Bodenrichtwertzone am ' +
          'Stichtag (Anteile auf die amtliche Fläche skaliert) und rechnet je Nutzungsart den ' +
          'Bodenwert Σ Fläche × Bodenrichtwert. Zählt wie eine Abfrage: dasselbe Flurstück ' +
          '(dieselbe Adresse oder dasselbe Kennzeichen und derselbe Stichtag) einmal im Monat; ' +
          'andere Nutzungsarten oder eine andere GFZ zählen nicht erneut. Bayern: 451. In XML ' +
          'steht die Geometrie als GeoJSON-Text im Element geometrie, Zonen als zone-, ' +
          'Bodenwerte als nutzung-Elemente.',
        tags: ['Lookup'],
        security: bearerSecurity,
        parameters: queryParameters(flurstueckRequestSchema, {
          address: { example: LOOKUP_ADDRESS_EXAMPLE },
          kennzeichen: { example: FLURSTUECK_KENNZEICHEN_EXAMPLE },
        }),
        responses: {
          '200': {
            description: 'Das Flurstück, seine Zonen und sein Bodenwert je Nutzungsart',
            headers: successHeaders,
            content: both(schemaRef('FlurstueckResponse'), flurstueckExample),
          },
          '400': lookupErrors(400, [
            ...requestErrorCodes(flurstueckRequestSchema),
            ErrorCode.tooManyParameters,
          ]),
          '401': lookupErrors(401, AUTH_ERROR_CODES),
          '402': lookupErrors(402, [ErrorCode.limitReached, ErrorCode.paymentPastDue]),
          '404': lookupErrors(404, [
            ErrorCode.addressNotFound,
            ErrorCode.parcelNotFound,
            ErrorCode.noData,
          ]),
          '429': lookupErrors(429, [ErrorCode.rateLimitExceeded]),
          '451': lookupErrors(451, [ErrorCode.restrictedState]),
          '500': lookupErrors(500, [ErrorCode.processingError]),
          '503': lookupErrors(503, [ErrorCode.serviceError]),
        },
      },
    },
  },
  schemas: { FlurstueckResponse: answer('FlurstueckResponse') },
};
