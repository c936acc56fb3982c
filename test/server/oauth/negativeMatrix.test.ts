import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestAccount } from '#dev/service/accounts.js';
import { manualClock, type ManualClock } from '../../support/clock.js';
import { startTestServer, type TestServer } from '#dev/service/testServer.js';
import { createApp } from './support/apps.js';
import {
  authorizationUrl,
  authorize,
  consent,
  discover,
  exchangeCode,
  me,
  pkcePair,
  REDIRECT_URI,
  registerClient,
  tokenRequest,
} from './support/oauthClient.js';
import { FormBrowser } from './support/formBrowser.js';
import { signedInBrowser } from './support/signedIn.js';

const MINUTE = 60_000;

describe('OAuth negative matrix (§5.3, §5.4, RFC 6749 §5.2)', () => {
  let server: TestServer;
  let clock: ManualClock;
  let as: oauth.AuthorizationServer;
  beforeAll(async () => {
    clock = manualClock(new Date());
    server = await startTestServer({ clock: clock.now });
    as = await discover(server.url);
  });
  beforeEach(() => clock.set(new Date()));
  afterAll(async () => {
    await server.close();
  });

  async function codeFor(client: oauth.Client) {
    const { browser, user } = await signedInBrowser(server);
    const pkce = await pkcePair();
    const { callback } = await authorize(as, client, browser, pkce);
    return { code: callback.get('code') ?? '', pkce, callback, browser, user };
  }

  const exchange = (clientId: string, code: string, verifier: string, redirectUri = REDIRECT_URI) =>
    tokenRequest(server.url, {
      grant_type: 'authorization_code',
      client_id: clientId,
      code,
      code_verifier: verifier,
      redirect_uri: redirectUri,
    });

  it('refuses a wrong code_verifier, and the code is used up by the attempt', async () => {
    const client = await registerClient(as);
    const { code, pkce } = await codeFor(client);
    const wrong = await exchange(client.client_id, code, oauth.generateRandomCodeVerifier());
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('invalid_grant');
    expect(wrong.headers.get('cache-control')).toBe('no-store');
    expect((await exchange(client.client_id, code, pkce.verifier)).body.error).toBe(
      'invalid_grant',
    );
  });

  it('refuses a reused code and revokes the tokens the first exchange got', async () => {
    const client = await registerClient(as);
    const { code, pkce } = await codeFor(client);
    const first = await exchange(client.client_id, code, pkce.verifier);
    expect(first.status).toBe(200);
    const again = await exchange(client.client_id, code, pkce.verifier);
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('invalid_grant');
    expect((await me(server.url, String(first.body.access_token))).status).toBe(401);
  });

  it('refuses a code older than 10 minutes', async () => {
    const client = await registerClient(as);
    const { code, pkce } = await codeFor(client);
    clock.advance(10 * MINUTE + 1000);
    const late = await exchange(client.client_id, code, pkce.verifier);
    expect(late.status).toBe(400);
    expect(late.body.error).toBe('invalid_grant');
  });

  it('accepts a code just inside its 10 minutes', async () => {
    const client = await registerClient(as);
    const { code, pkce } = await codeFor(client);
    clock.advance(9 * MINUTE);
    expect((await exchange(client.client_id, code, pkce.verifier)).status).toBe(200);
  });

  it('shows an unregistered redirect_uri as a page and never redirects to it', async () => {
    const client = await registerClient(as);
    const { browser } = await signedInBrowser(server);
    const pkce = await pkcePair();
    const page = await browser.get(
      authorizationUrl(as, client.client_id, {
        redirect_uri: 'https://evil.example/callback',
        code_challenge: pkce.challenge,
        code_challenge_method: 'S256',
      }),
    );
    expect(page.status).toBe(400);
    expect(page.location).toBeNull();
    expect(page.html).toContain('redirect_uri ist für diese App nicht registriert');
  });

  it('shows an unknown client as a page', async () => {
    const { browser } = await signedInBrowser(server);
    const page = await browser.get('/oauth/authorize?response_type=code&client_id=brw_app_unknown');
    expect(page.status).toBe(400);
    expect(page.location).toBeNull();
    expect(page.html).toContain('Die App ist unbekannt');
  });

  it('refuses a token request whose redirect_uri differs from the authorization request', async () => {
    const client = await registerClient(as, {
      redirect_uris: [REDIRECT_URI, 'http://localhost:8765/other'],
    });
    const { code, pkce } = await codeFor(client);
    const mismatch = await exchange(
      client.client_id,
      code,
      pkce.verifier,
      'http://localhost:8765/other',
    );
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error).toBe('invalid_request');
  });

  it.each([
    ['plain PKCE', { code_challenge: 'a'.repeat(43), code_challenge_method: 'plain' }],
    ['missing PKCE', {}],
    ['a challenge without method', { code_challenge: 'a'.repeat(43) }],
  ])('redirects %s back to an app of an account as invalid_request', async (_name, pkce) => {
    const { user, browser } = await signedInBrowser(server);
    const { client } = await createApp(server.ctx, user.id, 'public', ['authorization_code']);
    const answer = await browser.get(
      authorizationUrl(as, client.clientId, { redirect_uri: REDIRECT_URI, state: 'xyz', ...pkce }),
    );
    expect(answer.status).toBe(303);
    const back = new URL(String(answer.location));
    expect(back.origin + back.pathname).toBe(REDIRECT_URI);
    expect(back.searchParams.get('error')).toBe('invalid_request');
    expect(back.searchParams.get('state')).toBe('xyz');
    expect(back.searchParams.get('iss')).toBe(as.issuer);
  });

  it.each([
    ['plain PKCE', { code_challenge: 'a'.repeat(43), code_challenge_method: 'plain' }],
    ['an empty code_challenge', { code_challenge: '' }],
    ['an unknown response_type', { response_type: 'token' }],
    ['a scope', { scope: 'admin' }],
  ])(
    'shows %s of a dynamically registered app as a page, never redirecting (RFC 9700 §4.11.2)',
    async (_name, params) => {
      const client = await registerClient(as, { redirect_uris: ['https://evil.example/land'] });
      const anonymous = new FormBrowser(server.url);
      const answer = await anonymous.get(
        authorizationUrl(as, client.client_id, {
          redirect_uri: 'https://evil.example/land',
          code_challenge: 'a'.repeat(43),
          code_challenge_method: 'S256',
          ...params,
        }),
      );
      expect(answer.status).toBe(400);
      expect(answer.location).toBeNull();
      expect(answer.html).toContain('Anmeldung nicht möglich');
      expect(answer.html).not.toContain('evil.example');
    },
  );

  it('redirects a denied consent with error=access_denied and the state', async () => {
    const client = await registerClient(as);
    const { browser } = await signedInBrowser(server);
    const pkce = await pkcePair();
    const back = await consent(
      browser,
      authorizationUrl(as, client.client_id, {
        redirect_uri: REDIRECT_URI,
        code_challenge: pkce.challenge,
        code_challenge_method: 'S256',
        state: 'st4te',
      }),
      'deny',
    );
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe('st4te');
    expect(back.searchParams.has('code')).toBe(false);
  });

  it('revokes the whole family when a used refresh token comes back', async () => {
    const client = await registerClient(as);
    const { code, pkce } = await codeFor(client);
    const first = await exchange(client.client_id, code, pkce.verifier);
    const refresh = (token: unknown) =>
      tokenRequest(server.url, {
        grant_type: 'refresh_token',
        client_id: client.client_id,
        refresh_token: String(token),
      });
    const second = await refresh(first.body.refresh_token);
    expect(second.status).toBe(200);
    const reuse = await refresh(first.body.refresh_token);
    expect(reuse.body.error).toBe('invalid_grant');
    // The thief's replay killed the legitimate successor too.
    expect((await refresh(second.body.refresh_token)).body.error).toBe('invalid_grant');
    expect((await me(server.url, String(second.body.access_token))).status).toBe(401);
  });

  it('refuses an expired access token on /api/me with invalid_token', async () => {
    const client = await registerClient(as);
    const { callback, pkce } = await codeFor(client);
    const tokens = await exchangeCode(as, client, oauth.None(), callback, pkce.verifier);
    clock.advance(59 * MINUTE);
    expect((await me(server.url, tokens.access_token)).status).toBe(200);
    clock.advance(2 * MINUTE);
    const expired = await me(server.url, tokens.access_token);
    expect(expired.status).toBe(401);
    expect(expired.body.error).toBe('invalid_token');
  });

  describe('client credentials (§5.4)', () => {
    const cc = (id: string, secret: string) =>
      tokenRequest(server.url, { grant_type: 'client_credentials' }, { id, secret });

    it('refuses a wrong secret with 401 invalid_client and a Basic challenge', async () => {
      const { user } = await createTestAccount(server.ctx);
      const { client } = await createApp(server.ctx, user.id, 'confidential', [
        'client_credentials',
      ]);
      const answer = await cc(client.clientId, 'brw_cs_wrong');
      expect(answer.status).toBe(401);
      expect(answer.body.error).toBe('invalid_client');
      expect(answer.headers.get('www-authenticate')).toMatch(/^Basic realm=/);
      expect(answer.headers.get('cache-control')).toBe('no-store');
    });

    it('refuses the old secret at once after rotation and accepts the new one', async () => {
      const { user } = await createTestAccount(server.ctx);
      const { client, secret } = await createApp(server.ctx, user.id, 'confidential', [
        'client_credentials',
      ]);
      expect((await cc(client.clientId, String(secret))).status).toBe(200);
      const rotated = await server.ctx.oauth.clients.rotateSecret(client);
      expect((await cc(client.clientId, String(secret))).status).toBe(401);
      expect((await cc(client.clientId, rotated)).status).toBe(200);
    });

    it('refuses client_credentials for a public client with unauthorized_client', async () => {
      const { user } = await createTestAccount(server.ctx);
      const { client } = await createApp(server.ctx, user.id, 'public', ['authorization_code']);
      const answer = await tokenRequest(server.url, {
        grant_type: 'client_credentials',
        client_id: client.clientId,
      });
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe('unauthorized_client');
    });

    it('refuses client_credentials for a confidential app without that grant', async () => {
      const { user } = await createTestAccount(server.ctx);
      const { client, secret } = await createApp(server.ctx, user.id, 'confidential', [
        'authorization_code',
      ]);
      const answer = await cc(client.clientId, String(secret));
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe('unauthorized_client');
    });

    it('kills every token of a deleted app', async () => {
      const { user } = await createTestAccount(server.ctx);
      const { client, secret } = await createApp(server.ctx, user.id, 'confidential', [
        'client_credentials',
      ]);
      const issued = await cc(client.clientId, String(secret));
      const token = String(issued.body.access_token);
      expect((await me(server.url, token)).status).toBe(200);
      await server.ctx.oauth.clients.delete(client);
      expect((await me(server.url, token)).status).toBe(401);
      expect((await cc(client.clientId, String(secret))).status).toBe(401);
    });
  });

  it.each([
    ['an unknown grant type', { grant_type: 'password', client_id: 'x' }, 'unsupported_grant_type'],
    ['no grant type', { client_id: 'x' }, 'invalid_request'],
  ])('answers %s per RFC 6749 §5.2', async (_name, fields, error) => {
    const client = await registerClient(as);
    const answer = await tokenRequest(server.url, { ...fields, client_id: client.client_id });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe(error);
  });
});
