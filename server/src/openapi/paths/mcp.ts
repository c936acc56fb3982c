// /mcp and its protected resource metadata in the OpenAPI document. The MCP
// messages themselves are JSON-RPC and described by the MCP specification,
// so POST /mcp is named here with its HTTP-level answers only.
import { AUTH_ERROR_CODES, errorResponse, rateLimitError, schemaRef } from '../components.js';
import type { JsonObject, OpenApiModule } from '../types.js';

const metadataOperation = (operationId: string): JsonObject => ({
  get: {
    operationId,
    summary: 'OAuth-2.0-Metadaten der geschützten Ressource /mcp (RFC 9728)',
    description:
      'Nennt den Autorisierungsserver (AUTH_URL), damit sich MCP-Clients selbst registrieren ' +
      '(RFC 7591) und mit PKCE anmelden können.',
    tags: ['MCP'],
    security: [],
    responses: {
      '200': {
        description: 'Die Metadaten',
        content: { 'application/json': { schema: schemaRef('ProtectedResourceMetadata') } },
      },
    },
  },
});

const jsonRpc = { 'application/json': { schema: { type: 'object' } } };

export const mcpApi: OpenApiModule = {
  paths: {
    '/mcp': {
      post: {
        operationId: 'postMcp',
        summary: 'Model Context Protocol für KI-Assistenten (Streamable HTTP, zustandslos)',
        description:
          'JSON-RPC-Nachrichten des Model Context Protocol. Werkzeuge: calculate_bodenwert (wie ' +
          'POST /api/bodenwert, zählt nie), get_bodenrichtwert (wie GET /api/bodenrichtwert, ' +
          'zählt wie dieses) und get_bodenrichtwert_batch (wie POST /api/bodenrichtwert/batch, ' +
          'zählt wie dieses). Das Token steht nur im Authorization-Header. Clients müssen ' +
          'application/json und text/event-stream annehmen. Eine Nachricht je Anfrage: ein ' +
          'JSON-RPC-Batch (ein Array) ergibt 400. GET und DELETE ergeben 405.',
        tags: ['MCP'],
        security: [{ bearerAuth: [] }],
        requestBody: { required: true, content: jsonRpc },
        responses: {
          '200': { description: 'JSON-RPC-Antwort', content: jsonRpc },
          '400': {
            description:
              'Ein JSON-RPC-Batch (Fehler -32600) oder ein Inhalt, der kein JSON-RPC ist',
            content: jsonRpc,
          },
          '401': {
            ...errorResponse(401, AUTH_ERROR_CODES),
            headers: {
              'WWW-Authenticate': {
                description:
                  'Bearer-Aufforderung mit resource_metadata, das auf ' +
                  '/.well-known/oauth-protected-resource/mcp zeigt.',
                schema: { type: 'string' },
              },
            },
          },
          '406': {
            description: 'Dem Accept-Header fehlt application/json oder text/event-stream',
          },
          ...rateLimitError,
        },
      },
    },
    '/.well-known/oauth-protected-resource/mcp': metadataOperation('getMcpResourceMetadata'),
    '/.well-known/oauth-protected-resource': metadataOperation('getResourceMetadata'),
  },
  schemas: {
    ProtectedResourceMetadata: {
      type: 'object',
      required: ['resource', 'authorization_servers', 'bearer_methods_supported'],
      properties: {
        resource: { type: 'string', format: 'uri', description: 'BASE_URL/mcp' },
        authorization_servers: { type: 'array', items: { type: 'string', format: 'uri' } },
        bearer_methods_supported: { type: 'array', items: { type: 'string', enum: ['header'] } },
        resource_name: { type: 'string' },
        resource_documentation: { type: 'string', format: 'uri' },
      },
    },
  },
};
