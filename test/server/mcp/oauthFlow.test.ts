// The whole MCP authorization journey with the SDK's own OAuth client and no
// manual set-up: 401 with resource_metadata → protected resource metadata →
// authorization server metadata → dynamic registration → the browser step
// (login and consent through the documented form conventions) → code
// exchange with PKCE and the RFC 8707 resource → tool calls counted against
// the consenting user.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  UnauthorizedError,
  type OAuthClientProvider,
} from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADDRESSES } from '#dev/fakes/demoWorld.js';
import { startLookupHarness, type LookupHarness } from '../../support/lookupHarness.js';
import { FormBrowser, hiddenFields } from '../oauth/support/formBrowser.js';
import { me, REDIRECT_URI } from '../oauth/support/oauthClient.js';
import { signUpAndConfirm, TEST_PASSWORD } from '../oauth/support/signedIn.js';
import { callTool } from './mcpClient.js';

interface Login {
  email: string;
  password: string;
}

/**
 * An MCP client's OAuth state for one server, kept in memory. Its
 * "user agent" is a fresh cookie jar that follows the authorization URL,
 * logs in on the way and allows the app on the consent page.
 */
class FormDrivenProvider implements OAuthClientProvider {
  registered: OAuthClientInformationMixed | undefined;
  saved: OAuthTokens | undefined;
  verifier: string | undefined;
  authorizationUrl: URL | undefined;
  code: string | undefined;

  constructor(
    private readonly origin: string,
    private readonly login: Login,
  ) {}

  get redirectUrl(): string {
    return REDIRECT_URI;
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'KI-Assistent (MCP)',
      redirect_uris: [REDIRECT_URI],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }
  state(): string {
    return 'mcp-flow-state';
  }
  clientInformation() {
    return this.registered;
  }
  saveClientInformation(info: OAuthClientInformationMixed): void {
    this.registered = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens): void {
    this.saved = tokens;
  }
  saveCodeVerifier(verifier: string): void {
    this.verifier = verifier;
  }
  codeVerifier(): string {
    if (this.verifier === undefined) throw new Error('no code verifier saved');
    return this.verifier;
  }

  async redirectToAuthorization(url: URL): Promise<void> {
    this.authorizationUrl = url;
    const browser = new FormBrowser(this.origin);
    const toLogin = await browser.get(url.pathname + url.search);
    expect(toLogin.status, toLogin.html).toBe(303);
    const loginPath = String(toLogin.location);
    expect(loginPath).toMatch(/^\/login\?next=/);
    // The login form carries the way back (hidden `next`) beside its CSRF token.
    const loginPage = await browser.get(loginPath);
    expect(loginPage.status, loginPage.html).toBe(200);
    const loggedIn = await browser.post('/login', {
      ...hiddenFields(loginPage.html),
      ...this.login,
    });
    expect(loggedIn.status, loggedIn.html).toBe(303);
    const consent = await browser.get(String(loggedIn.location));
    expect(consent.status, consent.html).toBe(200);
    expect(consent.html).toContain('KI-Assistent (MCP)');
    const answer = await browser.post('/oauth/authorize', {
      ...hiddenFields(consent.html),
      decision: 'allow',
    });
    expect(answer.status, answer.html).toBe(303);
    const back = new URL(String(answer.location));
    expect(back.origin + back.pathname).toBe(REDIRECT_URI);
    expect(back.searchParams.get('state')).toBe(this.state());
    this.code = back.searchParams.get('code') ?? undefined;
  }
}

/** Records the SDK's requests (method and path) and the forms it posts to the token endpoint. */
class RequestLog {
  readonly requests: string[] = [];
  readonly tokenForms: Record<string, string>[] = [];

  fetch(inner: FetchLike = fetch): FetchLike {
    return async (url, init) => {
      const { pathname } = new URL(String(url));
      this.requests.push(`${init?.method ?? 'GET'} ${pathname}`);
      if (pathname === '/oauth/token' && init?.body instanceof URLSearchParams) {
        this.tokenForms.push(Object.fromEntries(init.body));
      }
      return inner(url, init);
    };
  }
}

/**
 * A server as older MCP clients meet it: no resource_metadata in the 401
 * challenge and no path-suffixed metadata document, so that discovery has to
 * fall back to the root /.well-known/oauth-protected-resource.
 */
const rootDiscoveryOnly: FetchLike = async (url, init) => {
  if (new URL(String(url)).pathname === '/.well-known/oauth-protected-resource/mcp') {
    return new Response('Not Found', { status: 404 });
  }
  const response = await fetch(url, init);
  if (response.status !== 401) return response;
  const headers = new Headers(response.headers);
  headers.set('www-authenticate', 'Bearer');
  return new Response(await response.text(), { status: 401, headers });
};

function transportFor(provider: OAuthClientProvider, fetchFn: FetchLike) {
  return new StreamableHTTPClientTransport(new URL(`${h.server.url}/mcp`), {
    authProvider: provider,
    fetch: fetchFn,
  });
}

async function connect(transport: StreamableHTTPClientTransport): Promise<Client> {
  const client = new Client({ name: 'bodenrichtwert-oauth-test', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

let h: LookupHarness;
let counter = 0;
beforeAll(async () => {
  h = await startLookupHarness();
});
afterAll(async () => {
  await h.close();
});

/** A new user who signs up through the dashboard form and confirms the address (Pro trial). */
async function signUp(): Promise<Login> {
  counter += 1;
  const login = { email: `mcp-nutzer${counter}@example.de`, password: TEST_PASSWORD };
  await signUpAndConfirm(h.server, new FormBrowser(h.server.url), login.email);
  return login;
}

/**
 * The first connection ends in the browser step (UnauthorizedError); the
 * code from it is exchanged by the transport, and a new connection is
 * authorized.
 */
async function authorizeAndConnect(provider: FormDrivenProvider, fetchFn: FetchLike) {
  const first = transportFor(provider, fetchFn);
  await expect(connect(first)).rejects.toBeInstanceOf(UnauthorizedError);
  expect(provider.code).toEqual(expect.any(String));
  await first.finishAuth(provider.code ?? '');
  return connect(transportFor(provider, fetchFn));
}

describe('MCP client authorization without manual set-up', () => {
  it('discovers, registers, logs in with PKCE and calls both tools as the consenting user', async () => {
    const login = await signUp();
    const provider = new FormDrivenProvider(h.server.url, login);
    const log = new RequestLog();
    const client = await authorizeAndConnect(provider, log.fetch());
    // finishAuth discovers again, as this provider keeps no discovery state.
    expect(log.requests.slice(0, 8)).toEqual([
      'POST /mcp',
      'GET /.well-known/oauth-protected-resource/mcp',
      'GET /.well-known/oauth-authorization-server',
      'POST /oauth/register',
      'GET /.well-known/oauth-protected-resource/mcp',
      'GET /.well-known/oauth-authorization-server',
      'POST /oauth/token',
      'POST /mcp',
    ]);
    expect(provider.registered?.client_id).toEqual(expect.any(String));
    expect(provider.registered).not.toHaveProperty('client_secret');
    const authorization = provider.authorizationUrl?.searchParams;
    expect(authorization?.get('code_challenge_method')).toBe('S256');
    expect(authorization?.get('resource')).toBe(`${h.server.url}/mcp`);
    expect(log.tokenForms).toEqual([
      expect.objectContaining({
        grant_type: 'authorization_code',
        code_verifier: provider.verifier,
        redirect_uri: REDIRECT_URI,
        resource: `${h.server.url}/mcp`,
      }),
    ]);
    expect(provider.saved).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    const accessToken = provider.saved?.access_token ?? '';

    try {
      const calculation = await callTool(client, 'calculate_bodenwert', {
        brw: 300,
        gfz_referenz: 1,
        gfz_tatsaechlich: 1,
      });
      expect(calculation.isError).toBeFalsy();
      expect(calculation.structuredContent).toMatchObject({
        bodenrichtwert_tatsaechlich_euro_pro_m2: 300,
      });
      const lookup = await callTool(client, 'get_bodenrichtwert', {
        address: DEMO_ADDRESSES.hannover,
      });
      expect(lookup.isError).toBeFalsy();
      expect(lookup.structuredContent).toMatchObject({ bodenrichtwerte: expect.any(Array) });
    } finally {
      await client.close();
    }

    const profile = await me(h.server.url, accessToken);
    expect(profile.status).toBe(200);
    const user = await h.server.ctx.accounts.findByEmail(login.email);
    expect(profile.body).toMatchObject({ id: user?.id, usage_this_month: 1, trial_usage: 1 });
    expect(h.server.logs.text()).not.toContain(accessToken);
  });

  it('refreshes a rejected access token with the resource indicator, without a new login', async () => {
    const provider = new FormDrivenProvider(h.server.url, await signUp());
    const log = new RequestLog();
    await (await authorizeAndConnect(provider, log.fetch())).close();
    const { refresh_token: refreshToken } = provider.saved ?? {};
    provider.saved = { ...(provider.saved ?? { token_type: 'bearer' }), access_token: 'brw_at_x' };
    provider.authorizationUrl = undefined;

    const client = await connect(transportFor(provider, log.fetch()));
    await client.close();
    expect(provider.authorizationUrl).toBeUndefined();
    expect(log.tokenForms.at(-1)).toEqual({
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: provider.registered?.client_id,
      resource: `${h.server.url}/mcp`,
    });
    expect(provider.saved?.refresh_token).not.toBe(refreshToken);
  });

  it('finds the authorization server through the root protected resource metadata', async () => {
    const provider = new FormDrivenProvider(h.server.url, await signUp());
    const log = new RequestLog();
    const client = await authorizeAndConnect(provider, log.fetch(rootDiscoveryOnly));
    try {
      const result = await callTool(client, 'calculate_bodenwert', {
        brw: 100,
        gfz_referenz: 1,
        gfz_tatsaechlich: 1,
      });
      expect(result.isError).toBeFalsy();
    } finally {
      await client.close();
    }
    expect(log.requests.slice(0, 4)).toEqual([
      'POST /mcp',
      'GET /.well-known/oauth-protected-resource/mcp',
      'GET /.well-known/oauth-protected-resource',
      'GET /.well-known/oauth-authorization-server',
    ]);
    expect(provider.authorizationUrl?.searchParams.get('resource')).toBe(`${h.server.url}/mcp`);
  });
});
