// /mcp and its protected resource metadata in the OpenAPI document. The MCP
// messages themselves are JSON-RPC and described by the MCP specification,
// so POST /mcp is named here with its HTTP-level answers only.
import { errorResponse, rateLimitError, schemaRef } from '../components.js';
import type { JsonObject, OpenApiModule } from '../types.js';

const metadataOperation = (operationId: string): JsonObject => ({
  get: {
    operationId,
    summary: 'OAuth 2.0 Protected Resource Metadata of /mcp (RFC 9728)',
    description:
      'Names the authorization server (AUTH_URL), so MCP clients can register (RFC 7591) ' +
      'and log in with PKCE on their own.',
    tags: ['MCP'],
    security: [],
    responses: {
      '200': {
        description: 'The metadata',
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
        summary: 'Model Context Protocol for AI assistants (Streamable HTTP, stateless)',
        description:
          'JSON-RPC messages of the Model Context Protocol. Tools: calculate_bodenwert (as ' +
          'POST /api/bodenwert, never counted), get_bodenrichtwert (as GET ' +
          '/api/bodenrichtwert, counted like it) and get_bodenrichtwert_batch (as POST ' +
          '/api/bodenrichtwert/batch, counted like it). The token goes in the Authorization header ' +
          'only. Clients must accept application/json and text/event-stream. One message per ' +
          'request: a JSON-RPC batch (an array) answers 400. GET and DELETE answer 405.',
        tags: ['MCP'],
        security: [{ bearerAuth: [] }],
        requestBody: { required: true, content: jsonRpc },
        responses: {
          '200': { description: 'JSON-RPC answer', content: jsonRpc },
          '400': {
            description: 'A JSON-RPC batch (error -32600), or a body that is not JSON-RPC',
            content: jsonRpc,
          },
          '401': {
            ...errorResponse(401, ['missing_token', 'invalid_token']),
            headers: {
              'WWW-Authenticate': {
                description:
                  'Bearer challenge with resource_metadata pointing at ' +
                  '/.well-known/oauth-protected-resource/mcp.',
                schema: { type: 'string' },
              },
            },
          },
          '406': { description: 'The Accept header lacks application/json or text/event-stream' },
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
