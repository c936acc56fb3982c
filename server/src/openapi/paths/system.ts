// Endpoints without authentication: health check and this description.
import type { OpenApiModule } from '../types.js';

const publicOperation = { security: [], tags: ['Service'] };

export const systemApi: OpenApiModule = {
  paths: {
    '/healthz': {
      get: {
        ...publicOperation,
        operationId: 'getHealth',
        summary: 'Zustandsprüfung für Lastverteiler (prüft die Datenbank)',
        responses: {
          '200': {
            description: 'Dienst und Datenbank antworten',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Health' } } },
          },
          '503': {
            description: 'Die Datenbank antwortet nicht',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Health' } } },
          },
        },
      },
    },
    '/openapi.json': {
      get: {
        ...publicOperation,
        operationId: 'getOpenApiJson',
        summary: 'Diese Beschreibung als JSON',
        responses: {
          '200': { description: 'OpenAPI 3.1', content: { 'application/json': {} } },
        },
      },
    },
    '/openapi.yaml': {
      get: {
        ...publicOperation,
        operationId: 'getOpenApiYaml',
        summary: 'Diese Beschreibung als YAML',
        responses: {
          '200': { description: 'OpenAPI 3.1', content: { 'application/yaml': {} } },
        },
      },
    },
  },
  schemas: {
    Health: {
      type: 'object',
      additionalProperties: false,
      required: ['status'],
      properties: { status: { type: 'string', enum: ['ok', 'unavailable'] } },
    },
  },
};
