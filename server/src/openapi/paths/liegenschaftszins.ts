// GET /api/liegenschaftszins in the OpenAPI document.
import { ErrorCode } from '#shared/errors.js';
import { liegenschaftszinsRequestSchema } from '#shared/schemas/liegenschaftszinsRequest.js';
import { requestErrorCodes } from '#shared/schemas/requestIssues.js';
import { answer } from '../answers.js';
import { AUTH_ERROR_CODES, bearerSecurity, schemaRef, successHeaders } from '../components.js';
import { liegenschaftszinsExample } from '../examples/liegenschaftszinsExample.js';
import { LOOKUP_ADDRESS_EXAMPLE } from '../examples/lookupExample.js';
import { queryParameters } from '../fromZod.js';
import type { OpenApiModule } from '../types.js';
import { both, lookupErrors } from './bodenrichtwert.js';

export const liegenschaftszinsApi: OpenApiModule = {
  paths: {
    '/api/liegenschaftszins': {
      get: {
        operationId: 'getLiegenschaftszins',
        summary: 'Liegenschaftszinssatz des zuständigen Gutachterausschusses für eine Objektart',
        description:
          'Verortet die Adresse wie eine Bodenrichtwert-Abfrage, bestimmt den Gutachterausschuss ' +
          'der Bodenrichtwertzone am Punkt und antwortet mit seinem Liegenschaftszinssatz für die ' +
          'Objektart: Satz in Prozent, Standardabweichung, Zahl der Kauffälle und die ' +
          'Modellgrößen der Ableitung (Gesamt- und Restnutzungsdauer, Bewirtschaftungskosten, ' +
          'Miete, Kaufpreis/m², Objektgröße), damit der Satz im selben Modell angewendet werden ' +
          'kann (§ 10 ImmoWertV). Offen veröffentlicht nur Nordrhein-Westfalen ' +
          '(Grundstücksmarktdaten NRW, dl-de/zero-2.0); andere Länder: 451. Zählt wie eine ' +
          'Abfrage.',
        tags: ['Lookup'],
        security: bearerSecurity,
        parameters: queryParameters(liegenschaftszinsRequestSchema, {
          address: { example: LOOKUP_ADDRESS_EXAMPLE },
        }),
        responses: {
          '200': {
            description: 'Der Liegenschaftszinssatz mit Modell und Quellenvermerk',
            headers: successHeaders,
            content: both(schemaRef('LiegenschaftszinsResponse'), liegenschaftszinsExample),
          },
          '400': lookupErrors(400, [
            ...requestErrorCodes(liegenschaftszinsRequestSchema),
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
  schemas: { LiegenschaftszinsResponse: answer('LiegenschaftszinsResponse') },
};
