// Endpoints without authentication: health check and this description.
import type { OpenApiModule } from '../types.js';

const publicOperation = { security: [], tags: ['Service'] };

export const systemApi: OpenApiModule = {
  paths: {
    '/healthz': {
      get: {
        ...publicOperation,
        operationId: 'getHealth',
        summary: 'Health check for load balancers (checks the database)',
        responses: {
          '200': {
            description: 'The service and its database answer',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Health' } } },
          },
          '503': {
            description: 'The database does not answer',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Health' } } },
          },
        },
      },
    },
    '/openapi.json': {
      get: {
        ...publicOperation,
        operationId: 'getOpenApiJson',
        summary: 'This description as JSON',
        responses: {
          '200': { description: 'OpenAPI 3.1', content: { 'application/json': {} } },
        },
      },
    },
    '/openapi.yaml': {
      get: {
        ...publicOperation,
        operationId: 'getOpenApiYaml',
        summary: 'This description as YAML',
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
