// GET /api/immobilienrichtwert in the OpenAPI document.
import { ErrorCode } from '#shared/errors.js';
import { immobilienrichtwertRequestSchema } from '#shared/schemas/immobilienrichtwertRequest.js';
import { requestErrorCodes } from '#shared/schemas/requestIssues.js';
import { answer } from '../answers.js';
import { AUTH_ERROR_CODES, bearerSecurity, schemaRef, successHeaders } from '../components.js';
import { immobilienrichtwertExample } from '../examples/immobilienrichtwertExample.js';
import { LOOKUP_ADDRESS_EXAMPLE } from '../examples/lookupExample.js';
import { queryParameters } from '../fromZod.js';
import type { OpenApiModule } from '../types.js';
import { both, lookupErrors } from './bodenrichtwert.js';

export const immobilienrichtwertApi: OpenApiModule = {
  paths: {
    '/api/immobilienrichtwert': {
      get: {
        operationId: 'getImmobilienrichtwert',
        summary: 'Immobilienrichtwerte an einer Adresse (Nordrhein-Westfalen)',
        description:
          'Jeder Immobilienrichtwert am Punkt der Adresse (€/m² Wohnfläche eines Normobjekts, ' +
          'je Teilmarkt), wie veröffentlicht, mit den Merkmalen des Normobjekts und dem Dokument ' +
          'des Gutachterausschusses mit den Umrechnungskoeffizienten; die Umrechnung auf das ' +
          'Bewertungsobjekt ist Sache des Sachverständigen (§ 10 ImmoWertV). Offene Daten gibt ' +
          'es nur für Nordrhein-Westfalen (Datenlizenz Deutschland – Zero – Version 2.0): ' +
          'andere Länder und ein Dienst ohne eingelesene Immobilienrichtwerte antworten 451. ' +
          'Zählt wie eine Abfrage (dieselbe Adresse, derselbe Teilmarkt und Stichtag einmal im ' +
          'Monat).',
        tags: ['Lookup'],
        security: bearerSecurity,
        parameters: queryParameters(immobilienrichtwertRequestSchema, {
          address: { example: LOOKUP_ADDRESS_EXAMPLE },
        }),
        responses: {
          '200': {
            description: 'Die Immobilienrichtwerte am Standort',
            headers: successHeaders,
            content: both(schemaRef('ImmobilienrichtwertResponse'), immobilienrichtwertExample),
          },
          '400': lookupErrors(400, [
            ...requestErrorCodes(immobilienrichtwertRequestSchema),
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
  schemas: { ImmobilienrichtwertResponse: answer('ImmobilienrichtwertResponse') },
};
