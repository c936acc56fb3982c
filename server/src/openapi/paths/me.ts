// GET /api/me in the OpenAPI document (§2.5, §4.3, §7.3).
import { authErrors, bearerSecurity, errorResponse, schemaRef } from '../components.js';
import type { OpenApiModule } from '../types.js';

const plan = { type: 'string', enum: ['free', 'starter', 'pro', 'enterprise'] };

export const meApi: OpenApiModule = {
  paths: {
    '/api/me': {
      get: {
        operationId: 'getMe',
        summary: 'Plan, usage and trial state of the caller',
        description:
          'Never counts against the quota. Every field is always present; ' +
          'usage_this_month counts the lookups answered 200 in the Europe/Berlin calendar month; ' +
          'repeating a lookup (same address and filter) already answered that month is free. ' +
          'distinct_lookups_this_month counts those distinct lookups.',
        tags: ['Account'],
        security: bearerSecurity,
        responses: {
          '200': {
            description: 'The profile',
            content: { 'application/json': { schema: schemaRef('MeResponse') } },
          },
          ...authErrors,
          '500': errorResponse(500, ['internal_server_error']),
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
        plan: { ...plan, description: 'The booked plan.' },
        effective_plan: { ...plan, description: 'pro while the trial is active, else plan.' },
        usage_this_month: { type: 'integer', minimum: 0 },
        distinct_lookups_this_month: {
          type: 'integer',
          minimum: 0,
          description: 'Distinct lookups (address and filter) answered 200 this month.',
        },
        limit: {
          type: ['integer', 'null'],
          minimum: 0,
          description:
            'Hard cap this month: trial 100, free 0, starter 50, pro 500, enterprise null.',
        },
        quota_exhausted: {
          type: 'boolean',
          description: 'true when the next lookup would get 402 limit_reached.',
        },
        upgrade_url: {
          type: ['string', 'null'],
          format: 'uri',
          description: 'The billing page when quota_exhausted, else null.',
        },
        trial_expires_at: {
          type: ['string', 'null'],
          format: 'date-time',
          description: 'End of the 14-day Pro trial (ISO 8601), null without trial.',
        },
        trial_usage: { type: 'integer', minimum: 0 },
        trial_limit: { type: 'integer', const: 100 },
        trial_active: { type: 'boolean' },
      },
    },
  },
};
