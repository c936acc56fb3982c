// Shared parts of the OpenAPI document: the error body, security schemes and
// helpers that describe error answers the same way on every endpoint, each
// code with an example answer of its own.
import { ErrorCode } from '#shared/errors.js';
import { errorExample } from './examples/errorExamples.js';
import type { JsonObject } from './types.js';

export const schemaRef = (name: string) => ({ $ref: `#/components/schemas/${name}` });

export const securitySchemes: JsonObject = {
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    description:
      'API-Schlüssel (brw_live_…, im Dashboard unter „API-Schlüssel“ anzulegen), ' +
      'OAuth-Zugriffstoken oder Client-Credentials-Token.',
  },
  tokenQuery: {
    type: 'apiKey',
    in: 'query',
    name: 'token',
    description:
      'Dasselbe Token als Query-Parameter, für Werkzeuge ohne eigene Header. Der ' +
      'Authorization-Header hat Vorrang; Antworten tragen Cache-Control: no-store.',
  },
};

/** Security of every /api/* operation. */
export const bearerSecurity = [{ bearerAuth: [] }, { tokenQuery: [] }];

const rateLimitHeaders: JsonObject = {
  RateLimit: {
    description: 'Verbleibende Anfragen und Sekunden bis zum Zurücksetzen (IETF-Entwurf 8).',
    schema: { type: 'string' },
  },
  'RateLimit-Policy': {
    description: 'Die Begrenzung (IETF-Entwurf 8).',
    schema: { type: 'string' },
  },
};

export const xmlNote =
  'Mit format=xml dieselbe Struktur als application/xml (Wurzel `response`, Einträge als ' +
  '`bodenrichtwert`-Elemente, fehlende Felder fehlen).';

/** Each code's example answer, keyed by code. */
function examplesOf(codes: readonly ErrorCode[]): JsonObject {
  return Object.fromEntries(
    codes.map((code) => [code, { summary: code, value: errorExample(code) }]),
  );
}

/**
 * An error answer with the listed codes, each with its example; 429 also
 * documents its headers. `xml`: the endpoint answers XML too (format=xml).
 */
export function errorResponse(
  status: number,
  codes: readonly ErrorCode[],
  { xml = false } = {},
): JsonObject {
  const json = { schema: schemaRef('ErrorBody'), examples: examplesOf(codes) };
  const response: JsonObject = {
    description: `Fehler: ${codes.join(', ')}`,
    content: {
      'application/json': json,
      ...(xml ? { 'application/xml': { schema: { type: 'string', description: xmlNote } } } : {}),
    },
  };
  if (status === 429) {
    response.headers = {
      'Retry-After': {
        description: 'Sekunden bis zur nächsten Anfrage.',
        schema: { type: 'integer' },
      },
      ...rateLimitHeaders,
    };
  }
  return response;
}

export const AUTH_ERROR_CODES = [ErrorCode.missingToken, ErrorCode.invalidToken];

export const authErrors = { '401': errorResponse(401, AUTH_ERROR_CODES) };

export const rateLimitError = { '429': errorResponse(429, [ErrorCode.rateLimitExceeded]) };

export const successHeaders = rateLimitHeaders;
