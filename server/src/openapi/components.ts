// Shared parts of the OpenAPI document: the error body, security schemes and
// helpers that describe error answers the same way on every endpoint.
import type { JsonObject } from './types.js';

export const schemaRef = (name: string) => ({ $ref: `#/components/schemas/${name}` });

export const errorBodySchema: JsonObject = {
  type: 'object',
  description: 'Error body of every error answer (§2.6).',
  required: ['error', 'message', 'status'],
  additionalProperties: false,
  properties: {
    error: { type: 'string', description: 'Stable error code.', example: 'invalid_token' },
    message: { type: 'string', description: 'German description for people.' },
    status: { type: 'integer', description: 'The HTTP status of the answer.' },
    reason: {
      type: 'string',
      enum: ['trial_exhausted', 'no_active_plan', 'monthly_limit_reached'],
      description:
        'Only on 402 limit_reached. trial_exhausted: the trial cap of 100 is used up; ' +
        'no_active_plan: the trial is over and no plan is booked; monthly_limit_reached: ' +
        'the booked plan used up its monthly cap.',
    },
    upgrade_url: {
      type: 'string',
      format: 'uri',
      description: 'Only on 402 limit_reached: the billing page.',
    },
  },
};

export const securitySchemes: JsonObject = {
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    description: 'API key (brw_live_…), OAuth access token or client-credentials token.',
  },
  tokenQuery: {
    type: 'apiKey',
    in: 'query',
    name: 'token',
    description:
      'The same token as query parameter, for tools that cannot set headers. ' +
      'The Authorization header wins when both are sent; answers carry Cache-Control: no-store.',
  },
};

/** Security of every /api/* operation. */
export const bearerSecurity = [{ bearerAuth: [] }, { tokenQuery: [] }];

const rateLimitHeaders: JsonObject = {
  RateLimit: {
    description: 'Remaining requests and seconds to reset (IETF draft 8).',
    schema: { type: 'string' },
  },
  'RateLimit-Policy': {
    description: 'The limit policy (IETF draft 8).',
    schema: { type: 'string' },
  },
};

/** An error answer with the listed codes; 429 also documents its headers. */
export function errorResponse(status: number, codes: readonly string[]): JsonObject {
  const response: JsonObject = {
    description: `Error: ${codes.join(', ')}`,
    content: { 'application/json': { schema: schemaRef('ErrorBody') } },
  };
  if (status === 429) {
    response.headers = {
      'Retry-After': {
        description: 'Seconds to wait before the next request.',
        schema: { type: 'integer' },
      },
      ...rateLimitHeaders,
    };
  }
  return response;
}

export const authErrors = {
  '401': errorResponse(401, ['missing_token', 'invalid_token']),
};

export const rateLimitError = {
  '429': errorResponse(429, ['rate_limit_exceeded']),
};

export const successHeaders = rateLimitHeaders;
