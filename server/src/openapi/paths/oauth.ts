// The OAuth 2.0 endpoints in the OpenAPI document (§4.4, §5.3, §5.4). They
// live under AUTH_URL (by default the same origin as the API).
import { oauthErrorBodySchema } from '../../oauth/wire/oauthErrors.js';
import { registrationAnswerSchema } from '../../oauth/wire/registrationAnswer.js';
import { registrationRequestSchema } from '../../oauth/wire/registrationRequest.js';
import {
  ACCESS_TOKEN_SECONDS,
  REFRESH_FAMILY_SECONDS,
  REFRESH_TOKEN_SECONDS,
} from '../../oauth/grants/oauthServers.js';
import { UNUSED_CLIENT_SECONDS } from '../../oauth/grants/grantService.js';
import { schemaRef } from '../components.js';
import { componentSchemas, jsonSchemaOf } from '../fromZod.js';
import type { OpenApiModule } from '../types.js';

const HOUR = 3600;
const DAY = 24 * HOUR;

const oauthOperation = { security: [], tags: ['OAuth'] };
const noStore = {
  'Cache-Control': {
    description: 'Immer no-store.',
    schema: { type: 'string', const: 'no-store' },
  },
};
const oauthError = (description: string, codes: string[], headers = {}) => ({
  description: `${description}: ${codes.join(', ')}`,
  headers: { ...noStore, ...headers },
  content: { 'application/json': { schema: schemaRef('OAuthError') } },
});
// The registration's request, its answer and the error body are derived from
// their schemas in oauth/routes; the token and revocation forms are read by
// @node-oauth/oauth2-server and described here.
const OAUTH_SCHEMAS = componentSchemas(
  { OAuthError: oauthErrorBodySchema, ClientRegistration: registrationAnswerSchema },
  { bareEnums: true },
);
const invalidClient = oauthError('Client-Authentifizierung fehlgeschlagen', ['invalid_client'], {
  'WWW-Authenticate': { description: 'Basic-Aufforderung', schema: { type: 'string' } },
});
const tooManyTokenRequests = oauthError(
  'Mehr als RATE_LIMIT_PER_MINUTE Token- und Widerrufsanfragen dieser IP-Adresse in einer Minute',
  ['rate_limit_exceeded'],
  { 'Retry-After': { description: 'Sekunden Wartezeit', schema: { type: 'string' } } },
);

export const oauthApi: OpenApiModule = {
  paths: {
    '/oauth/authorize': {
      get: {
        ...oauthOperation,
        operationId: 'authorize',
        summary: 'Beginn des Authorization-Code-Ablaufs (Browser): Anmeldung, dann Zustimmung',
        description:
          'PKCE mit S256 ist für jeden Client Pflicht. Die redirect_uri muss nach ' +
          'Normalisierung einer registrierten entsprechen (sie darf fehlen, wenn genau eine ' +
          'registriert ist); http://127.0.0.1 und http://[::1] passen auf jedem Port (RFC 8252 ' +
          '§7.3). Unbekannte Clients und falsche Redirect-URIs werden als Seite gezeigt, ebenso ' +
          'jeder Fehler einer dynamisch registrierten App (RFC 9700 §4.11.2); andere Fehler ' +
          'gehen als error=… an die App zurück. Jede Antwort an die App trägt iss (RFC 9207).',
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
            description: 'Die Zustimmungsseite (HTML), die die App nennt',
            content: { 'text/html': {} },
          },
          '303': {
            description:
              'Zur Anmeldung, wenn niemand angemeldet ist, oder zurück zur App eines Kontos mit ' +
              'error=…, state und iss',
          },
          '400': {
            description:
              'Unbekannter Client oder Redirect-URI, oder ein Fehler einer dynamisch ' +
              'registrierten App (HTML-Seite, keine Weiterleitung)',
            content: { 'text/html': {} },
          },
        },
      },
    },
    '/oauth/token': {
      post: {
        ...oauthOperation,
        operationId: 'token',
        summary: 'Tokens ausstellen: authorization_code, refresh_token, client_credentials',
        description:
          'Ein Client authentifiziert sich mit der registrierten Methode: client_secret_basic ' +
          '(HTTP Basic), client_secret_post (client_id und client_secret im Formular) oder none ' +
          '(nur client_id, öffentliche Clients); eine andere Methode oder zwei zugleich werden ' +
          `abgelehnt. Zugriffstokens gelten ${ACCESS_TOKEN_SECONDS / HOUR} Stunde(n); ` +
          `Refresh-Tokens ${REFRESH_TOKEN_SECONDS / DAY} Tage und werden rotiert, keines einer ` +
          `Autorisierung gilt über ${REFRESH_FAMILY_SECONDS / DAY} Tage hinaus; ein erneut ` +
          'vorgelegtes, schon benutztes Refresh-Token widerruft seine ganze Familie. ' +
          'client_credentials stellt kein Refresh-Token aus.',
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
                    description: 'Pflicht, wenn die Autorisierungsanfrage eine nannte.',
                  },
                  client_id: { type: 'string' },
                  client_secret: { type: 'string', description: 'Nur client_secret_post.' },
                  refresh_token: { type: 'string' },
                },
              },
            },
          },
        },
        responses: {
          '200': {
            description: 'Die Tokens',
            headers: noStore,
            content: { 'application/json': { schema: schemaRef('TokenResponse') } },
          },
          '400': oauthError('Ungültige Anfrage', [
            'invalid_request',
            'invalid_grant',
            'unauthorized_client',
            'unsupported_grant_type',
            'invalid_scope',
          ]),
          '401': invalidClient,
          '429': tooManyTokenRequests,
          '500': oauthError('Serverfehler', ['server_error']),
        },
      },
    },
    '/oauth/revoke': {
      post: {
        ...oauthOperation,
        operationId: 'revokeToken',
        summary: 'Token widerrufen (RFC 7009)',
        description:
          'Beendet die Autorisierung, zu der ein Zugriffs- oder Refresh-Token gehört: jedes ' +
          'Token derselben Autorisierung wirkt ab der nächsten Anfrage nicht mehr. Der Client ' +
          'authentifiziert sich wie am Token-Endpunkt. Unbekannte, abgelaufene und fremde ' +
          'Tokens ergeben ebenfalls 200 und ändern nichts.',
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
                  client_secret: { type: 'string', description: 'Nur client_secret_post.' },
                },
              },
            },
          },
        },
        responses: {
          '200': {
            description: 'Widerrufen, oder nichts zu widerrufen (leerer Inhalt)',
            headers: noStore,
          },
          '400': oauthError('Ungültige Anfrage', ['invalid_request']),
          '401': invalidClient,
          '429': tooManyTokenRequests,
        },
      },
    },
    '/oauth/register': {
      post: {
        ...oauthOperation,
        operationId: 'registerClient',
        summary: 'Dynamische Client-Registrierung (RFC 7591)',
        description:
          'Registriert einen Client, der zu keinem Konto gehört; seine Tokens zählen für den ' +
          'Nutzer, der zustimmt. token_endpoint_auth_method none (Standard) ergibt einen ' +
          'öffentlichen Client, client_secret_basic oder client_secret_post einen vertraulichen, ' +
          'der sein Secret nur in dieser Antwort erhält. Je IP-Adresse begrenzt. Eine ' +
          `Registrierung, die ${UNUSED_CLIENT_SECONDS / DAY} Tage lang keinen Code und kein ` +
          'Token abruft, wird gelöscht.',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: jsonSchemaOf(registrationRequestSchema, { bareEnums: true }),
            },
          },
        },
        responses: {
          '201': {
            description: 'Der registrierte Client',
            headers: noStore,
            content: { 'application/json': { schema: schemaRef('ClientRegistration') } },
          },
          '400': oauthError('Ungültige Metadaten', [
            'invalid_redirect_uri',
            'invalid_client_metadata',
          ]),
          '429': oauthError('Zu viele Registrierungen dieser IP-Adresse', ['rate_limit_exceeded']),
        },
      },
    },
    '/.well-known/oauth-authorization-server': {
      get: {
        ...oauthOperation,
        operationId: 'authorizationServerMetadata',
        summary: 'Metadaten des Autorisierungsservers (RFC 8414)',
        responses: {
          '200': {
            description: 'Die Metadaten',
            content: { 'application/json': { schema: schemaRef('AuthorizationServerMetadata') } },
          },
        },
      },
    },
  },
  schemas: {
    ...OAUTH_SCHEMAS,
    TokenResponse: {
      type: 'object',
      required: ['access_token', 'token_type', 'expires_in'],
      additionalProperties: false,
      properties: {
        access_token: { type: 'string' },
        token_type: { const: 'bearer' },
        expires_in: { type: 'integer', const: ACCESS_TOKEN_SECONDS },
        refresh_token: {
          type: 'string',
          description: `Nur Authorization-Code- und Refresh-Grant; gültig ${REFRESH_TOKEN_SECONDS / DAY} Tage.`,
        },
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
