// POST /api/bodenwert in the OpenAPI document (§2.4, §4.2, §7.2).
import { BODENWERT_INPUT_ERROR_CODES } from '#shared/bodenwertInput.js';
import { GFZ_PLAUSIBLE_RANGE } from '#shared/calculationNotes.js';
import { OUTPUT_DECIMALS } from '#shared/density.js';
import { CALCULATION_MODEL } from '#shared/apiTypes.js';
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
import { calculationExample, calculationRequestExample } from '../examples/calculationExample.js';
import { jsonSchemaOf } from '../fromZod.js';
import type { JsonObject, OpenApiModule } from '../types.js';

const german = (value: number) => value.toLocaleString('de-DE');

const number = (description: string): JsonObject => ({ type: 'number', description });

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
    BodenwertResponse: {
      type: 'object',
      additionalProperties: false,
      required: [
        'brw_input_euro_pro_m2',
        'gfz_referenz',
        'gfz_tatsaechlich',
        'koeffizient_referenz',
        'koeffizient_tatsaechlich',
        'faktor',
        'bodenrichtwert_tatsaechlich_euro_pro_m2',
        'modell',
        'formel',
        'disclaimer',
      ],
      dependentRequired: {
        grundstuecksflaeche_m2: ['bodenwert_euro'],
        hinterland_flaeche_m2: [
          'hinterland_faktor',
          'vorderland_flaeche_m2',
          'vorderland_wert_euro',
          'hinterland_wert_euro',
          'grundstuecksflaeche_m2',
        ],
      },
      properties: {
        brw_input_euro_pro_m2: number('Der gesendete brw.'),
        gfz_referenz: number('Die gesendete gfz_referenz.'),
        gfz_tatsaechlich: number('Die gesendete gfz_tatsaechlich.'),
        koeffizient_referenz: number(
          `K(gfz_referenz), ${OUTPUT_DECIMALS.coefficient} Nachkommastellen.`,
        ),
        koeffizient_tatsaechlich: number(
          `K(gfz_tatsaechlich), ${OUTPUT_DECIMALS.coefficient} Nachkommastellen.`,
        ),
        faktor: number(
          `K(gfz_tatsaechlich) / K(gfz_referenz), ${OUTPUT_DECIMALS.coefficient} Nachkommastellen.`,
        ),
        bodenrichtwert_tatsaechlich_euro_pro_m2: number('Umgerechneter Bodenrichtwert in €/m².'),
        grundstuecksflaeche_m2: number('Grundstücksfläche; nur mit flaeche.'),
        bodenwert_euro: number('Bodenwert des Grundstücks in €; nur mit flaeche.'),
        hinterland_flaeche_m2: number('Die gesendete Hinterlandfläche; nur mit Aufteilung.'),
        hinterland_faktor: number('Der gesendete Hinterlandfaktor; nur mit Aufteilung.'),
        vorderland_flaeche_m2: number('flaeche minus hinterland_flaeche_m2; nur mit Aufteilung.'),
        vorderland_wert_euro: number('Wert des Vorderlands in €; nur mit Aufteilung.'),
        hinterland_wert_euro: number('Wert des Hinterlands in €; nur mit Aufteilung.'),
        modell: { type: 'string', const: CALCULATION_MODEL },
        formel: { type: 'string' },
        hinweis: {
          type: 'string',
          description:
            'Hinweise: wie ein Text wie „1.000“ gelesen wurde, Extrapolation außerhalb GFZ ' +
            `${german(GFZ_PLAUSIBLE_RANGE.min)} bis ${german(GFZ_PLAUSIBLE_RANGE.max)}, ` +
            'Vorder-/Hinterland; fehlt, wenn es nichts zu sagen gibt.',
        },
        disclaimer: { type: 'string' },
      },
    },
  },
};
