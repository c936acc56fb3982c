import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalRedirectUri, matchRedirectUri } from '#server/oauth/clients/redirectUris.js';
import { startTestServer, type TestServer } from '#dev/service/testServer.js';
import { createApp } from './support/apps.js';
import {
  authorizationUrl,
  consent,
  discover,
  insecure,
  me,
  pkcePair,
  registerClient,
} from './support/oauthClient.js';
import { signedInBrowser } from './support/signedIn.js';

describe('redirect URI canonicalisation (RFC 9700 §4.1.3, RFC 8252 §7.3)', () => {
  it.each([
    'https:///x',
    'https:/evil.example/cb',
    'https:evil.example/cb',
    'https:\\\\evil.example/cb',
    'https://good.example\\@evil.example/cb',
    'https://good.example/cb#frag',
    'https://user:pw@good.example/cb',
    'https://good.example/c b',
    'https://good.example/cb\n',
    'http://good.example/cb',
    'http://127.0.0.2/cb',
    'javascript://good.example/%0Aalert(1)',
    'ftp://good.example/cb',
  ])('refuses %j', (uri) => {
    expect(canonicalRedirectUri(uri)).toBeNull();
  });

  it('stores the canonical form', () => {
    expect(canonicalRedirectUri('https://Good.Example:443/a/../cb')).toBe(
      'https://good.example/cb',
    );
    expect(canonicalRedirectUri('http://[::1]:9000/cb')).toBe('http://[::1]:9000/cb');
  });

  it('matches loopback IP literals on any port, but nothing else', () => {
    const registered = ['http://127.0.0.1/cb', 'http://[::1]:1234/cb', 'http://localhost:8765/cb'];
    expect(matchRedirectUri(registered, 'http://127.0.0.1:51004/cb')).toBe(
      'http://127.0.0.1:51004/cb',
    );
    expect(matchRedirectUri(registered, 'http://[::1]:40000/cb')).toBe('http://[::1]:40000/cb');
    expect(matchRedirectUri(registered, 'http://127.0.0.1:51004/other')).toBeNull();
    // localhost is a name, not an address: exact match only.
    expect(matchRedirectUri(registered, 'http://localhost:9999/cb')).toBeNull();
    expect(matchRedirectUri(['https://app.example/cb'], 'https://app.example:8443/cb')).toBeNull();
    expect(matchRedirectUri(['https://app.example/cb'], 'https://APP.example/cb')).toBe(
      'https://app.example/cb',
    );
  });
});

describe('redirect URIs and app names over HTTP', () => {
  let server: TestServer;
  let as: oauth.AuthorizationServer;
  beforeAll(async () => {
    server = await startTestServer();
    as = await discover(server.url);
  });
  afterAll(async () => {
    await server.close();
  });

  const register = async (body: Record<string, unknown>) => {
    const res = await fetch(`${server.url}/oauth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  it('refuses a registration with https:///x and answers the canonical form of good URIs', async () => {
    const bad = await register({ client_name: 'X', redirect_uris: ['https:///x'] });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('invalid_redirect_uri');
    const good = await register({
      client_name: 'X',
      redirect_uris: ['https://App.Example/cb', 'http://127.0.0.1/cb'],
    });
    expect(good.status).toBe(201);
    expect(good.body.redirect_uris).toEqual(['https://app.example/cb', 'http://127.0.0.1/cb']);
  });

  it('completes a native app flow on an ephemeral loopback port the app did not register', async () => {
    const client = await registerClient(as, { redirect_uris: ['http://127.0.0.1/callback'] });
    const { browser } = await signedInBrowser(server);
    const pkce = await pkcePair();
    const ephemeral = 'http://127.0.0.1:49152/callback';
    const state = oauth.generateRandomState();
    const back = await consent(
      browser,
      authorizationUrl(as, client.client_id, {
        redirect_uri: ephemeral,
        code_challenge: pkce.challenge,
        code_challenge_method: 'S256',
        state,
      }),
    );
    expect(back.origin).toBe('http://127.0.0.1:49152');
    expect(back.searchParams.get('iss')).toBe(as.issuer);
    const params = oauth.validateAuthResponse(as, client, back, state);
    const response = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      oauth.None(),
      params,
      ephemeral,
      pkce.verifier,
      insecure,
    );
    const tokens = await oauth.processAuthorizationCodeResponse(as, client, response);
    expect((await me(server.url, tokens.access_token)).status).toBe(200);
  });

  it('strips bidi and control characters from app names and marks dynamic apps "nicht verifiziert"', async () => {
    const spoof = 'Bank\u202Egnp.exe\u200B\u0007 App';
    const dynamic = await register({ client_name: spoof, redirect_uris: ['http://127.0.0.1/cb'] });
    expect(dynamic.status).toBe(201);
    expect(dynamic.body.client_name).toBe('Bankgnp.exe App');
    const { browser, user } = await signedInBrowser(server);
    const pkce = await pkcePair();
    const page = await browser.get(
      authorizationUrl(as, String(dynamic.body.client_id), {
        redirect_uri: 'http://127.0.0.1/cb',
        code_challenge: pkce.challenge,
        code_challenge_method: 'S256',
      }),
    );
    expect(page.status).toBe(200);
    expect(page.html).toContain('Bankgnp.exe App');
    for (const hidden of ['\u202E', '\u200B', '\u0007']) expect(page.html).not.toContain(hidden);
    expect(page.html).toContain('nicht verifiziert');

    const { client: owned } = await createApp(server.ctx, user.id, 'public', [
      'authorization_code',
    ]);
    const ownedPage = await browser.get(
      authorizationUrl(as, owned.clientId, {
        code_challenge: pkce.challenge,
        code_challenge_method: 'S256',
      }),
    );
    expect(ownedPage.status).toBe(200);
    expect(ownedPage.html).toContain('Bewertungsdienst');
    expect(ownedPage.html).not.toContain('nicht verifiziert');
  });
});
