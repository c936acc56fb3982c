// The OAuth 2.0 endpoints in the OpenAPI document (§4.4, §5.3, §5.4). They
// live under AUTH_URL (by default the same origin as the API).
import { TOKEN_AUTH_METHODS } from '../../oauth/clients/clientTypes.js';
import { schemaRef } from '../components.js';
import type { OpenApiModule } from '../types.js';

const oauthOperation = { security: [], tags: ['OAuth'] };
const noStore = {
  'Cache-Control': {
    description: 'Always no-store.',
    schema: { type: 'string', const: 'no-store' },
  },
};
const oauthError = (description: string, codes: string[], headers = {}) => ({
  description: `${description}: ${codes.join(', ')}`,
  headers: { ...noStore, ...headers },
  content: { 'application/json': { schema: schemaRef('OAuthError') } },
});
const redirectUris = { type: 'array', items: { type: 'string', format: 'uri' } };
const authMethod = { enum: [...TOKEN_AUTH_METHODS] };
const invalidClient = oauthError('Client authentication failed', ['invalid_client'], {
  'WWW-Authenticate': { description: 'Basic challenge', schema: { type: 'string' } },
});
const tooManyTokenRequests = oauthError(
  'More than RATE_LIMIT_PER_MINUTE token and revocation requests from this IP address in a minute',
  ['rate_limit_exceeded'],
  { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'string' } } },
);

export const oauthApi: OpenApiModule = {
  paths: {
    '/oauth/authorize': {
      get: {
        ...oauthOperation,
        operationId: 'authorize',
        summary: 'Start of the authorization code flow (browser): login, then consent',
        description:
          'PKCE with S256 is required for every client. The redirect_uri must match a registered ' +
          'one after canonicalisation (it may be left out when exactly one is registered); ' +
          'http://127.0.0.1 and http://[::1] match on any port (RFC 8252 §7.3). Unknown clients ' +
          'and bad redirect URIs are shown as a page, and so is every error of a dynamically ' +
          'registered app (RFC 9700 §4.11.2); other errors go back to the app as error=…. Every ' +
          'answer to the app carries iss (RFC 9207).',
        parameters: [
          { name: 'response_type', in: 'query', required: true, schema: { const: 'code' } },
          { name: 'client_id', in: 'query', required: true, schema: { type: 'string' } },
          { name: 'redirect_uri', in: 'query', schema: { type: 'string', format: 'uri' } },
          {
            name: 'code_challenge',
            in: 'query',
            required: true,
            schema: { type: 'string', minLength: 43, maxLength: 128 },
          },
          { name: 'code_challenge_method', in: 'query', required: true, schema: { const: 'S256' } },
          { name: 'state', in: 'query', schema: { type: 'string' } },
        ],
        responses: {
          '200': {
            description: 'The consent page (HTML) naming the app',
            content: { 'text/html': {} },
          },
          '303': {
            description:
              'To the login when nobody is signed in, or back to an app of an account with ' +
              'error=…, state and iss',
          },
          '400': {
            description:
              'Unknown client or redirect URI, or any error of a dynamically registered app ' +
              '(HTML page, no redirect)',
            content: { 'text/html': {} },
          },
        },
      },
    },
    '/oauth/token': {
      post: {
        ...oauthOperation,
        operationId: 'token',
        summary: 'Issue tokens: authorization_code, refresh_token, client_credentials',
        description:
          'A client authenticates by the method it registered: client_secret_basic (HTTP Basic), ' +
          'client_secret_post (client_id and client_secret in the form) or none (client_id ' +
          'only, public clients); another method, or two at once, is refused. Access tokens ' +
          'live 1 hour; refresh tokens 30 days and rotate, and no refresh token of one ' +
          'authorization works beyond 90 days; a used refresh token presented again revokes its ' +
          'whole family. client_credentials issues no refresh token.',
        requestBody: {
          required: true,
          content: {
            'application/x-www-form-urlencoded': {
              schema: {
                type: 'object',
                required: ['grant_type'],
                properties: {
                  grant_type: {
                    enum: ['authorization_code', 'refresh_token', 'client_credentials'],
                  },
                  code: { type: 'string' },
                  code_verifier: { type: 'string' },
                  redirect_uri: {
                    type: 'string',
                    description: 'Required when the authorization request named one.',
                  },
                  client_id: { type: 'string' },
                  client_secret: { type: 'string', description: 'client_secret_post only.' },
                  refresh_token: { type: 'string' },
                },
              },
            },
          },
        },
        responses: {
          '200': {
            description: 'The tokens',
            headers: noStore,
            content: { 'application/json': { schema: schemaRef('TokenResponse') } },
          },
          '400': oauthError('Bad request', [
            'invalid_request',
            'invalid_grant',
            'unauthorized_client',
            'unsupported_grant_type',
            'invalid_scope',
          ]),
          '401': invalidClient,
          '429': tooManyTokenRequests,
          '500': oauthError('Server error', ['server_error']),
        },
      },
    },
    '/oauth/revoke': {
      post: {
        ...oauthOperation,
        operationId: 'revokeToken',
        summary: 'Token revocation (RFC 7009)',
        description:
          'Ends the authorization an access or refresh token belongs to: every token descending ' +
          'from the same authorization stops working with the next request. The client ' +
          'authenticates as at the token endpoint. Unknown tokens, expired tokens and tokens of ' +
          'other clients answer 200 too and change nothing.',
        requestBody: {
          required: true,
          content: {
            'application/x-www-form-urlencoded': {
              schema: {
                type: 'object',
                required: ['token'],
                properties: {
                  token: { type: 'string' },
                  token_type_hint: { enum: ['access_token', 'refresh_token'] },
                  client_id: { type: 'string' },
                  client_secret: { type: 'string', description: 'client_secret_post only.' },
                },
              },
            },
          },
        },
        responses: {
          '200': { description: 'Revoked, or nothing to revoke (empty body)', headers: noStore },
          '400': oauthError('Bad request', ['invalid_request']),
          '401': invalidClient,
          '429': tooManyTokenRequests,
        },
      },
    },
    '/oauth/register': {
      post: {
        ...oauthOperation,
        operationId: 'registerClient',
        summary: 'Dynamic client registration (RFC 7591)',
        description:
          'Registers a client that belongs to no account; its tokens count against the user who ' +
          'consents. token_endpoint_auth_method none (default) makes a public client; ' +
          'client_secret_basic or client_secret_post a confidential one, which gets its secret ' +
          'in this answer only. Throttled per IP address. A registration that obtains no code ' +
          'or token for 30 days is deleted.',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['client_name', 'redirect_uris'],
                properties: {
                  client_name: { type: 'string', maxLength: 100 },
                  redirect_uris: { ...redirectUris, minItems: 1, maxItems: 10 },
                  token_endpoint_auth_method: authMethod,
                  grant_types: {
                    type: 'array',
                    items: { enum: ['authorization_code', 'refresh_token'] },
                  },
                  response_types: { type: 'array', items: { const: 'code' } },
                },
              },
            },
          },
        },
        responses: {
          '201': {
            description: 'The registered client',
            headers: noStore,
            content: { 'application/json': { schema: schemaRef('ClientRegistration') } },
          },
          '400': oauthError('Invalid metadata', [
            'invalid_redirect_uri',
            'invalid_client_metadata',
          ]),
          '429': oauthError('Too many registrations from this IP address', ['rate_limit_exceeded']),
        },
      },
    },
    '/.well-known/oauth-authorization-server': {
      get: {
        ...oauthOperation,
        operationId: 'authorizationServerMetadata',
        summary: 'Authorization server metadata (RFC 8414)',
        responses: {
          '200': {
            description: 'The metadata',
            content: { 'application/json': { schema: schemaRef('AuthorizationServerMetadata') } },
          },
        },
      },
    },
  },
  schemas: {
    OAuthError: {
      type: 'object',
      required: ['error', 'error_description'],
      additionalProperties: false,
      properties: {
        error: { type: 'string', description: 'RFC 6749 §5.2 / RFC 7591 §3.2.2 error code.' },
        error_description: { type: 'string', description: 'German description for people.' },
      },
    },
    TokenResponse: {
      type: 'object',
      required: ['access_token', 'token_type', 'expires_in'],
      additionalProperties: false,
      properties: {
        access_token: { type: 'string' },
        token_type: { const: 'bearer' },
        expires_in: { type: 'integer', const: 3600 },
        refresh_token: {
          type: 'string',
          description: 'Authorization code and refresh grants only; valid 30 days.',
        },
      },
    },
    ClientRegistration: {
      type: 'object',
      required: [
        'client_id',
        'client_id_issued_at',
        'client_name',
        'redirect_uris',
        'grant_types',
        'response_types',
        'token_endpoint_auth_method',
      ],
      additionalProperties: false,
      properties: {
        client_id: { type: 'string' },
        client_id_issued_at: { type: 'integer' },
        client_secret: {
          type: 'string',
          description: 'Confidential clients only; shown this once.',
        },
        client_secret_expires_at: { const: 0 },
        client_name: { type: 'string' },
        redirect_uris: redirectUris,
        grant_types: { type: 'array', items: { type: 'string' } },
        response_types: { type: 'array', items: { const: 'code' } },
        token_endpoint_auth_method: authMethod,
      },
    },
    AuthorizationServerMetadata: {
      type: 'object',
      required: [
        'issuer',
        'authorization_endpoint',
        'token_endpoint',
        'registration_endpoint',
        'scopes_supported',
        'response_types_supported',
        'grant_types_supported',
        'code_challenge_methods_supported',
      ],
      properties: {
        issuer: { type: 'string', format: 'uri' },
        authorization_endpoint: { type: 'string', format: 'uri' },
        token_endpoint: { type: 'string', format: 'uri' },
        registration_endpoint: { type: 'string', format: 'uri' },
        scopes_supported: { type: 'array', maxItems: 0 },
        response_types_supported: { type: 'array', items: { type: 'string' } },
        grant_types_supported: { type: 'array', items: { type: 'string' } },
        revocation_endpoint: { type: 'string', format: 'uri' },
        token_endpoint_auth_methods_supported: { type: 'array', items: { type: 'string' } },
        revocation_endpoint_auth_methods_supported: { type: 'array', items: { type: 'string' } },
        code_challenge_methods_supported: { type: 'array', items: { const: 'S256' } },
        authorization_response_iss_parameter_supported: { const: true },
      },
    },
  },
};
