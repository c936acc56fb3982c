// POST /api/bodenwert in the OpenAPI document (§2.4, §4.2, §7.2).
import { BODENWERT_INPUT_ERROR_CODES } from '#shared/bodenwertInput.js';
import { ErrorCode } from '#shared/errors.js';
import { bodenwertRequestSchema } from '#shared/schemas/bodenwertRequest.js';
import {
  authErrors,
  bearerSecurity,
  errorResponse,
  rateLimitError,
  schemaRef,
  successHeaders,
} from '../components.js';
import { answer } from '../answers.js';
import { calculationExample, calculationRequestExample } from '../examples/calculationExample.js';
import { jsonSchemaOf } from '../fromZod.js';
import type { OpenApiModule } from '../types.js';

export const bodenwertApi: OpenApiModule = {
  paths: {
    '/api/bodenwert': {
      post: {
        operationId: 'calculateBodenwert',
        summary: 'Umgerechneter Bodenrichtwert und Bodenwert',
        description:
          'Reine Berechnung mit der amtlichen Standardformel K(GFZ) = 0,6·√GFZ + 0,2·GFZ + 0,2, ' +
          'ohne Adresssuche. Zählt nie gegen das Monatskontingent; je IP-Adresse begrenzt. ' +
          'Als gfz_referenz dient die wertrel_geschossflaechenzahl eines Eintrags von ' +
          'GET /api/bodenrichtwert.',
        tags: ['Calculation'],
        security: bearerSecurity,
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: schemaRef('BodenwertRequest'),
              example: calculationRequestExample,
            },
          },
        },
        responses: {
          '200': {
            description: 'Die Berechnung',
            headers: successHeaders,
            content: {
              'application/json': {
                schema: schemaRef('BodenwertResponse'),
                example: calculationExample,
              },
            },
          },
          '400': errorResponse(400, [ErrorCode.invalidJson, ...BODENWERT_INPUT_ERROR_CODES]),
          ...authErrors,
          '413': errorResponse(413, [ErrorCode.payloadTooLarge]),
          ...rateLimitError,
          '500': errorResponse(500, [ErrorCode.internalServerError]),
        },
      },
    },
  },
  schemas: {
    BodenwertRequest: jsonSchemaOf(bodenwertRequestSchema),
    BodenwertResponse: answer('BodenwertResponse'),
  },
};
