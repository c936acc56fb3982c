// The independent OAuth client of the tests: oauth4webapi against the real
// server on loopback (plain HTTP is allowed for 127.0.0.1 only here).
import * as oauth from 'oauth4webapi';
import { expect } from 'vitest';
import type { FormBrowser } from './formBrowser.js';
import { hiddenFields } from './formBrowser.js';

export const insecure = { [oauth.allowInsecureRequests]: true } as const;
export const REDIRECT_URI = 'http://127.0.0.1:8765/callback';

export async function discover(origin: string): Promise<oauth.AuthorizationServer> {
  const issuer = new URL(origin);
  const response = await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...insecure });
  return oauth.processDiscoveryResponse(issuer, response);
}

export async function registerClient(
  as: oauth.AuthorizationServer,
  metadata: Record<string, unknown> = {},
): Promise<oauth.Client> {
  const response = await oauth.dynamicClientRegistrationRequest(
    as,
    { client_name: 'Gutachter-App', redirect_uris: [REDIRECT_URI], ...metadata },
    insecure,
  );
  return oauth.processDynamicClientRegistrationResponse(response);
}

export interface PkcePair {
  verifier: string;
  challenge: string;
}

export async function pkcePair(): Promise<PkcePair> {
  const verifier = oauth.generateRandomCodeVerifier();
  return { verifier, challenge: await oauth.calculatePKCECodeChallenge(verifier) };
}

export function authorizationUrl(
  as: oauth.AuthorizationServer,
  clientId: string,
  params: Record<string, string>,
): string {
  const url = new URL(String(as.authorization_endpoint));
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', clientId);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.pathname + url.search;
}

/**
 * The browser step through the documented form conventions: authorization
 * request, consent page, decision; returns the redirect back to the app.
 */
export async function consent(
  browser: FormBrowser,
  path: string,
  decision: 'allow' | 'deny' = 'allow',
): Promise<URL> {
  const page = await browser.get(path);
  expect(page.status, page.html).toBe(200);
  expect(page.html).toContain('name="decision" value="allow"');
  const answer = await browser.post('/oauth/authorize', { ...hiddenFields(page.html), decision });
  expect(answer.status).toBe(303);
  return new URL(String(answer.location));
}

/** Runs the whole code flow for a signed-in browser and returns the callback URL. */
export async function authorize(
  as: oauth.AuthorizationServer,
  client: oauth.Client,
  browser: FormBrowser,
  pkce: PkcePair,
  state = oauth.generateRandomState(),
): Promise<{ callback: URLSearchParams; state: string }> {
  const path = authorizationUrl(as, client.client_id, {
    redirect_uri: REDIRECT_URI,
    code_challenge: pkce.challenge,
    code_challenge_method: 'S256',
    state,
  });
  const back = await consent(browser, path);
  return { callback: oauth.validateAuthResponse(as, client, back, state), state };
}

export async function exchangeCode(
  as: oauth.AuthorizationServer,
  client: oauth.Client,
  auth: oauth.ClientAuth,
  callback: URLSearchParams,
  verifier: string,
) {
  const response = await oauth.authorizationCodeGrantRequest(
    as,
    client,
    auth,
    callback,
    REDIRECT_URI,
    verifier,
    insecure,
  );
  return oauth.processAuthorizationCodeResponse(as, client, response);
}

/** A raw token request, for the error cases oauth4webapi would refuse to send. */
export async function tokenRequest(
  origin: string,
  fields: Record<string, string>,
  basic?: { id: string; secret: string },
) {
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  if (basic) {
    headers.authorization = `Basic ${Buffer.from(`${basic.id}:${basic.secret}`).toString('base64')}`;
  }
  const res = await fetch(`${origin}/oauth/token`, {
    method: 'POST',
    headers,
    body: new URLSearchParams(fields).toString(),
  });
  return {
    status: res.status,
    headers: res.headers,
    body: (await res.json()) as Record<string, unknown>,
  };
}

export async function me(origin: string, token: string) {
  const res = await fetch(`${origin}/api/me`, { headers: { Authorization: `Bearer ${token}` } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** The code flow for a signed-in browser through to the tokens of a public client. */
export async function consentedTokens(
  as: oauth.AuthorizationServer,
  client: oauth.Client,
  browser: FormBrowser,
  auth: oauth.ClientAuth = oauth.None(),
) {
  const pkce = await pkcePair();
  const { callback } = await authorize(as, client, browser, pkce);
  return exchangeCode(as, client, auth, callback, pkce.verifier);
}

/** A raw refresh request of a public client. */
export function refreshRequest(origin: string, clientId: string, refreshToken: unknown) {
  return tokenRequest(origin, {
    grant_type: 'refresh_token',
    client_id: clientId,
    refresh_token: String(refreshToken),
  });
}
