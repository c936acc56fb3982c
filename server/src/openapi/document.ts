// The OpenAPI 3.1 description of the whole service (§4.5, §9), composed of
// one module per feature. Add a feature by adding its module to MODULES.
import { errorBodySchema, securitySchemes } from './components.js';
import { bodenrichtwertApi } from './paths/bodenrichtwert.js';
import { bodenrichtwertBatchApi } from './paths/bodenrichtwertBatch.js';
import { bodenwertApi } from './paths/bodenwert.js';
import { mcpApi } from './paths/mcp.js';
import { meApi } from './paths/me.js';
import { oauthApi } from './paths/oauth.js';
import { systemApi } from './paths/system.js';
import type { JsonObject, OpenApiModule } from './types.js';

export const API_VERSION = '1.1.0';

const MODULES: readonly OpenApiModule[] = [
  meApi,
  bodenrichtwertApi,
  bodenrichtwertBatchApi,
  bodenwertApi,
  mcpApi,
  oauthApi,
  systemApi,
];

export function createOpenApiDocument(baseUrl: string): JsonObject {
  const paths: Record<string, JsonObject> = {};
  const schemas: Record<string, JsonObject> = { ErrorBody: errorBodySchema };
  for (const module of MODULES) {
    Object.assign(paths, module.paths);
    Object.assign(schemas, module.schemas);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Bodenrichtwert API',
      version: API_VERSION,
      description:
        'Official German land values (Bodenrichtwerte) for an address and the density ' +
        'conversion of land values. Every /api/* endpoint needs a bearer token: an API key, ' +
        'an OAuth 2.0 access token or a client-credentials token. Errors are ' +
        '{error, message, status}.',
    },
    servers: [{ url: baseUrl }],
    security: [{ bearerAuth: [] }, { tokenQuery: [] }],
    tags: [
      { name: 'Lookup' },
      { name: 'Calculation' },
      { name: 'Account' },
      { name: 'OAuth' },
      { name: 'MCP' },
      { name: 'Service' },
    ],
    paths,
    components: { schemas, securitySchemes },
  };
}
