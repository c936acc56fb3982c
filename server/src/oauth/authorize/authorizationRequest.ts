// Checks an authorization request (RFC 6749 §4.1.1, RFC 7636) before anyone
// logs in. Problems with the client or the redirect URI are shown as a page,
// never redirected (the URI is not trusted yet); everything else goes back to
// the app as error=… on its registered redirect URI. PKCE with S256 is
// required for every client.
import type { OAuthClient } from '../clients/clientTypes.js';

export interface AuthorizationRequest {
  client: OAuthClient;
  redirectUri: string;
  /** Whether the request named the redirect URI (then the token request must too). */
  redirectUriSent: boolean;
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

/** The redirect URI with error (and state) in its query. */
export function errorRedirect(
  redirectUri: string,
  error: string,
  description: string,
  state: string | undefined,
): string {
  const url = new URL(redirectUri);
  url.searchParams.set('error', error);
  url.searchParams.set('error_description', description);
  if (state !== undefined) url.searchParams.set('state', state);
  return url.toString();
}

const single = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

export function checkAuthorizationRequest(
  query: Record<string, unknown>,
  client: OAuthClient | null,
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
  if (sent !== undefined && (typeof sent !== 'string' || !client.redirectUris.includes(sent))) {
    return { kind: 'page', message: 'Die redirect_uri ist für diese App nicht registriert.' };
  }
  const [onlyUri] = client.redirectUris;
  const redirectUri =
    typeof sent === 'string' ? sent : client.redirectUris.length === 1 ? onlyUri : undefined;
  if (redirectUri === undefined) {
    return { kind: 'page', message: 'Die redirect_uri fehlt; die App hat mehrere registriert.' };
  }
  const state = single(query.state);
  const fail = (error: string, description: string): AuthorizationCheck => ({
    kind: 'redirect',
    location: errorRedirect(redirectUri, error, description, state),
  });
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
    request: { client, redirectUri, redirectUriSent: typeof sent === 'string', params },
  };
}
