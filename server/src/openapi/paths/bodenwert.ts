// POST /api/bodenwert in the OpenAPI document (§2.4, §4.2, §7.2).
import {
  authErrors,
  bearerSecurity,
  errorResponse,
  rateLimitError,
  schemaRef,
  successHeaders,
} from '../components.js';
import type { JsonObject, OpenApiModule } from '../types.js';

const decimalInput = (description: string): JsonObject => ({
  description: `${description} A JSON number, or a string with a dot or comma as decimal separator.`,
  oneOf: [{ type: 'number' }, { type: 'string', examples: ['1,2'] }],
});

const number = (description: string): JsonObject => ({ type: 'number', description });

export const bodenwertApi: OpenApiModule = {
  paths: {
    '/api/bodenwert': {
      post: {
        operationId: 'calculateBodenwert',
        summary: 'Density-adjusted land value and plot value',
        description:
          'Pure calculation with the official standard formula K(GFZ) = 0.6·√GFZ + 0.2·GFZ + 0.2; ' +
          'no address lookup. Never counts against the monthly quota. Rate limited per IP.',
        tags: ['Calculation'],
        security: bearerSecurity,
        requestBody: {
          required: true,
          content: { 'application/json': { schema: schemaRef('BodenwertRequest') } },
        },
        responses: {
          '200': {
            description: 'The calculation',
            headers: successHeaders,
            content: { 'application/json': { schema: schemaRef('BodenwertResponse') } },
          },
          '400': errorResponse(400, [
            'invalid_json',
            'invalid_body',
            'missing_parameter',
            'invalid_brw',
            'invalid_gfz_referenz',
            'invalid_gfz_tatsaechlich',
            'invalid_flaeche',
            'invalid_hinterland_flaeche_m2',
            'invalid_hinterland_faktor',
          ]),
          ...authErrors,
          '413': errorResponse(413, ['payload_too_large']),
          ...rateLimitError,
          '500': errorResponse(500, ['internal_server_error']),
        },
      },
    },
  },
  schemas: {
    BodenwertRequest: {
      type: 'object',
      required: ['brw', 'gfz_referenz', 'gfz_tatsaechlich'],
      properties: {
        brw: decimalInput('Land value in EUR/m², >= 0 and <= 10^12.'),
        gfz_referenz: decimalInput('Reference GFZ, > 0 and <= 10^6.'),
        gfz_tatsaechlich: decimalInput('Actual or permitted GFZ, > 0 and <= 10^6.'),
        flaeche: decimalInput('Plot area in m², > 0 and <= 10^12.'),
        hinterland_flaeche_m2: decimalInput(
          'Rear part in m², > 0 and < flaeche; only with hinterland_faktor and flaeche.',
        ),
        hinterland_faktor: decimalInput('Value factor of the rear part, 0 to 1 inclusive.'),
      },
    },
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
        brw_input_euro_pro_m2: number('Echo of brw.'),
        gfz_referenz: number('Echo of the input.'),
        gfz_tatsaechlich: number('Echo of the input.'),
        koeffizient_referenz: number('K(gfz_referenz), 4 decimals.'),
        koeffizient_tatsaechlich: number('K(gfz_tatsaechlich), 4 decimals.'),
        faktor: number('K(gfz_tatsaechlich) / K(gfz_referenz), 4 decimals.'),
        bodenrichtwert_tatsaechlich_euro_pro_m2: number('Density-adjusted land value, EUR/m².'),
        grundstuecksflaeche_m2: number('Plot area; only with flaeche.'),
        bodenwert_euro: number('Total plot value; only with flaeche.'),
        hinterland_flaeche_m2: number('Echo; only with the split.'),
        hinterland_faktor: number('Echo; only with the split.'),
        vorderland_flaeche_m2: number('flaeche minus hinterland_flaeche_m2; only with the split.'),
        vorderland_wert_euro: number('Front part value; only with the split.'),
        hinterland_wert_euro: number('Rear part value; only with the split.'),
        modell: { type: 'string', const: 'amtliche-standardformel' },
        formel: { type: 'string' },
        hinweis: {
          type: 'string',
          description: 'Extrapolation and front/rear-land notes; absent when there are none.',
        },
        disclaimer: { type: 'string' },
      },
    },
  },
};
