// GET /api/me in the OpenAPI document (§2.5, §4.3, §7.3).
import { PLANS } from '#shared/apiTypes.js';
import { ErrorCode } from '#shared/errors.js';
import { PLAN_MONTHLY_CAPS, TRIAL_DAYS, TRIAL_LIMIT } from '../../accounts/entitlement.js';
import { authErrors, bearerSecurity, errorResponse, schemaRef } from '../components.js';
import type { OpenApiModule } from '../types.js';

const plan = { type: 'string', enum: [...PLANS] };

const caps = Object.entries(PLAN_MONTHLY_CAPS)
  .map(([name, cap]) => `${name} ${cap ?? 'null (unbegrenzt)'}`)
  .join(', ');

/** An account in its trial, a third of the way through. */
const meExample = {
  id: '6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f',
  plan: 'free',
  effective_plan: 'pro',
  usage_this_month: 34,
  distinct_lookups_this_month: 31,
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
          'wurde, ist frei. distinct_lookups_this_month zählt diese verschiedenen Abfragen.',
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
  schemas: {
    MeResponse: {
      type: 'object',
      additionalProperties: false,
      required: [
        'id',
        'plan',
        'effective_plan',
        'usage_this_month',
        'distinct_lookups_this_month',
        'limit',
        'quota_exhausted',
        'upgrade_url',
        'trial_expires_at',
        'trial_usage',
        'trial_limit',
        'trial_active',
      ],
      properties: {
        id: { type: 'string' },
        plan: { ...plan, description: 'Der gebuchte Tarif.' },
        effective_plan: {
          ...plan,
          description: 'pro, solange die Testphase läuft, sonst der gebuchte Tarif.',
        },
        usage_this_month: { type: 'integer', minimum: 0 },
        distinct_lookups_this_month: {
          type: 'integer',
          minimum: 0,
          description:
            'Verschiedene Abfragen (Adresse und Filter), die diesen Monat mit 200 beantwortet wurden.',
        },
        limit: {
          type: ['integer', 'null'],
          minimum: 0,
          description: `Obergrenze in diesem Monat: Testphase ${TRIAL_LIMIT}, ${caps}.`,
        },
        quota_exhausted: {
          type: 'boolean',
          description: 'true, wenn die nächste Abfrage 402 limit_reached erhielte.',
        },
        upgrade_url: {
          type: ['string', 'null'],
          format: 'uri',
          description: 'Die Seite zum Buchen eines Tarifs, wenn quota_exhausted, sonst null.',
        },
        trial_expires_at: {
          type: ['string', 'null'],
          format: 'date-time',
          description: `Ende der ${TRIAL_DAYS}-tägigen Pro-Testphase (ISO 8601), null ohne Testphase.`,
        },
        trial_usage: { type: 'integer', minimum: 0 },
        trial_limit: { type: 'integer', const: TRIAL_LIMIT },
        trial_active: { type: 'boolean' },
      },
    },
  },
};
