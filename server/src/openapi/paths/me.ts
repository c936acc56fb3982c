// GET /api/me in the OpenAPI document (§2.5, §4.3, §7.3).
import { ErrorCode } from '#shared/errors.js';
import { MIN_FREE_FAILED_LOOKUPS, TRIAL_LIMIT } from '../../accounts/entitlement.js';
import { answer } from '../answers.js';
import { authErrors, bearerSecurity, errorResponse, schemaRef } from '../components.js';
import type { OpenApiModule } from '../types.js';

/** An account in its trial, a third of the way through. */
const meExample = {
  id: '6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f',
  plan: 'free',
  effective_plan: 'pro',
  usage_this_month: 34,
  distinct_lookups_this_month: 31,
  failed_lookups_this_month: 3,
  free_failed_lookups: Math.max(MIN_FREE_FAILED_LOOKUPS, TRIAL_LIMIT),
  limit: TRIAL_LIMIT,
  quota_exhausted: false,
  upgrade_url: null,
  trial_expires_at: '2026-12-07T09:30:00.000Z',
  trial_usage: 34,
  trial_limit: TRIAL_LIMIT,
  trial_active: true,
};

export const meApi: OpenApiModule = {
  paths: {
    '/api/me': {
      get: {
        operationId: 'getMe',
        summary: 'Tarif, Verbrauch und Testphase des Aufrufers',
        description:
          'Zählt nie gegen das Kontingent. Jedes Feld ist immer vorhanden; usage_this_month ' +
          'zählt die mit 200 beantworteten Abfragen im Kalendermonat (Europe/Berlin); eine ' +
          'Abfrage (gleiche Adresse und gleicher Filter), die in diesem Monat schon beantwortet ' +
          'wurde, ist frei. distinct_lookups_this_month zählt diese verschiedenen Abfragen. ' +
          'Abfragen, die mit 404 no_data oder address_not_found enden, sind frei, bis ' +
          'free_failed_lookups davon im Monat erreicht sind (failed_lookups_this_month); ' +
          'danach zählt jede wie eine beantwortete.',
        tags: ['Account'],
        security: bearerSecurity,
        responses: {
          '200': {
            description: 'Das Profil',
            content: {
              'application/json': { schema: schemaRef('MeResponse'), example: meExample },
            },
          },
          ...authErrors,
          '500': errorResponse(500, [ErrorCode.internalServerError]),
        },
      },
    },
  },
  schemas: { MeResponse: answer('MeResponse') },
};
