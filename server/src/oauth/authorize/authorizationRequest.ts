// Checks an authorization request (RFC 6749 §4.1.1, RFC 7636) before anyone
// logs in. Problems with the client or the redirect URI are shown as a page,
// never redirected (the URI is not trusted yet). Other problems go back to
// the app as error=… (with iss, RFC 9207) on its registered redirect URI,
// except for dynamically registered apps: anyone can register one with any
// https URI, so sending the browser there before the user has logged in and
// consented would make us an open redirector (RFC 9700 §4.11.2); they get a
// page too. PKCE with S256 is required for every client.
import type { OAuthClient } from '../clients/clientTypes.js';
import { matchRedirectUri } from '../clients/redirectUris.js';

export interface AuthorizationRequest {
  client: OAuthClient;
  /** Where the answer goes: the canonical form of the requested (or only registered) URI. */
  redirectUri: string;
  /** The redirect_uri as the request sent it (the token request must repeat it), or null. */
  boundRedirectUri: string | null;
  /** The parameters the consent form carries on to the POST. */
  params: Record<string, string>;
}

export type AuthorizationCheck =
  | { kind: 'page'; message: string }
  | { kind: 'redirect'; location: string }
  | { kind: 'ok'; request: AuthorizationRequest };

// RFC 7636 §4.2: an S256 challenge is 43 base64url characters; the ABNF allows up to 128.
const CODE_CHALLENGE = /^[A-Za-z0-9\-._~]{43,128}$/;
const PASSED_ON = [
  'client_id',
  'redirect_uri',
  'response_type',
  'code_challenge',
  'code_challenge_method',
  'state',
];

/** The redirect URI with error, state and iss in its query. */
export function errorRedirect(
  redirectUri: string,
  error: string,
  description: string,
  state: string | undefined,
  issuer: string,
): string {
  const url = new URL(redirectUri);
  url.searchParams.set('error', error);
  url.searchParams.set('error_description', description);
  if (state !== undefined) url.searchParams.set('state', state);
  url.searchParams.set('iss', issuer);
  return url.toString();
}

const single = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

export function checkAuthorizationRequest(
  query: Record<string, unknown>,
  client: OAuthClient | null,
  issuer: string,
): AuthorizationCheck {
  if (!client) {
    return { kind: 'page', message: 'Die App ist unbekannt (client_id fehlt oder ist falsch).' };
  }
  if (!client.grants.includes('authorization_code')) {
    return {
      kind: 'page',
      message: `Die App „${client.name}“ ist nicht für die Anmeldung von Nutzern eingerichtet.`,
    };
  }
  const sent = query.redirect_uri;
  const matched =
    typeof sent === 'string' ? matchRedirectUri(client.redirectUris, sent) : undefined;
  if (sent !== undefined && !matched) {
    return { kind: 'page', message: 'Die redirect_uri ist für diese App nicht registriert.' };
  }
  const [onlyUri] = client.redirectUris;
  const redirectUri = matched ?? (client.redirectUris.length === 1 ? onlyUri : undefined);
  if (redirectUri === undefined) {
    return { kind: 'page', message: 'Die redirect_uri fehlt; die App hat mehrere registriert.' };
  }
  const state = single(query.state);
  const fail = (error: string, description: string): AuthorizationCheck =>
    client.ownerAccountId === null
      ? { kind: 'page', message: `${description} (Fehler ${error})` }
      : {
          kind: 'redirect',
          location: errorRedirect(redirectUri, error, description, state, issuer),
        };
  if (query.state !== undefined && typeof query.state !== 'string') {
    return fail('invalid_request', 'Der Parameter state ist ungültig.');
  }
  if (query.response_type !== 'code') {
    return query.response_type === undefined
      ? fail('invalid_request', 'Der Parameter response_type fehlt.')
      : fail('unsupported_response_type', 'Nur response_type=code wird unterstützt.');
  }
  if (query.code_challenge_method !== 'S256' || typeof query.code_challenge !== 'string') {
    return fail(
      'invalid_request',
      'PKCE ist Pflicht: code_challenge mit code_challenge_method=S256.',
    );
  }
  if (!CODE_CHALLENGE.test(query.code_challenge)) {
    return fail('invalid_request', 'Die code_challenge ist ungültig.');
  }
  if (single(query.scope) !== undefined) {
    return fail('invalid_scope', 'Dieser Dienst kennt keine Scopes.');
  }
  const params: Record<string, string> = {};
  for (const name of PASSED_ON) {
    const value = single(query[name]);
    if (value !== undefined) params[name] = value;
  }
  return {
    kind: 'ok',
    request: {
      client,
      redirectUri,
      boundRedirectUri: typeof sent === 'string' ? sent : null,
      params,
    },
  };
}
