import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectValidResponse } from '../../support/openapi.js';
import { startTestServer, type TestServer } from '#dev/service/testServer.js';
import { FormBrowser, hiddenFields } from './support/formBrowser.js';
import {
  authorizationUrl,
  authorize,
  discover,
  exchangeCode,
  insecure,
  me,
  pkcePair,
  REDIRECT_URI,
  registerClient,
} from './support/oauthClient.js';
import { signedInBrowser, TEST_PASSWORD } from './support/signedIn.js';

describe('authorization code flow with PKCE (§5.3), driven by oauth4webapi', () => {
  let server: TestServer;
  let as: oauth.AuthorizationServer;
  beforeAll(async () => {
    server = await startTestServer();
    as = await discover(server.url);
  });
  afterAll(async () => {
    await server.close();
  });

  it('publishes RFC 8414 metadata with S256 only and no scopes', () => {
    expect(as).toMatchObject({
      issuer: server.url,
      authorization_endpoint: `${server.url}/oauth/authorize`,
      token_endpoint: `${server.url}/oauth/token`,
      registration_endpoint: `${server.url}/oauth/register`,
      code_challenge_methods_supported: ['S256'],
      scopes_supported: [],
    });
  });

  it('registers a public client, gets a code, exchanges it and calls /api/me for the end user', async () => {
    const client = await registerClient(as);
    expect(client.token_endpoint_auth_method).toBe('none');
    expect(client).not.toHaveProperty('client_secret');
    const { user, browser } = await signedInBrowser(server);
    const pkce = await pkcePair();
    const { callback } = await authorize(as, client, browser, pkce);
    const tokens = await exchangeCode(as, client, oauth.None(), callback, pkce.verifier);
    expect(tokens.token_type).toBe('bearer');
    expect(tokens.expires_in).toBe(3600);
    expect(tokens.refresh_token).toMatch(/^brw_rt_/);
    const profile = await me(server.url, tokens.access_token);
    expect(profile.status).toBe(200);
    expectValidResponse('GET', '/api/me', 200, profile.body);
    expect(profile.body.id).toBe(user.id);
  });

  it('answers the token request with Cache-Control: no-store and stores no token in plain text', async () => {
    const client = await registerClient(as);
    const { browser } = await signedInBrowser(server);
    const pkce = await pkcePair();
    const { callback } = await authorize(as, client, browser, pkce);
    const response = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      oauth.None(),
      callback,
      REDIRECT_URI,
      pkce.verifier,
      insecure,
    );
    expect(response.headers.get('cache-control')).toBe('no-store');
    const tokens = await oauth.processAuthorizationCodeResponse(as, client, response);
    const [rows] = await server.ctx.db.sequelize.query('SELECT * FROM oauth_tokens');
    const dump = JSON.stringify(rows);
    expect(dump).not.toContain(tokens.access_token);
    expect(dump).not.toContain(String(tokens.refresh_token));
    expect(server.logs.text()).not.toContain(tokens.access_token);
    expect(server.logs.text()).not.toContain(callback.get('code') ?? 'no code');
  });

  it('rotates refresh tokens: the new pair works, the old refresh token is dead', async () => {
    const client = await registerClient(as);
    const { user, browser } = await signedInBrowser(server);
    const pkce = await pkcePair();
    const { callback } = await authorize(as, client, browser, pkce);
    const first = await exchangeCode(as, client, oauth.None(), callback, pkce.verifier);
    const refreshed = await oauth.processRefreshTokenResponse(
      as,
      client,
      await oauth.refreshTokenGrantRequest(
        as,
        client,
        oauth.None(),
        String(first.refresh_token),
        insecure,
      ),
    );
    expect(refreshed.refresh_token).not.toBe(first.refresh_token);
    expect(refreshed.access_token).not.toBe(first.access_token);
    expect((await me(server.url, refreshed.access_token)).body.id).toBe(user.id);
    // Presenting a used refresh token is reuse: invalid_grant.
    const reuse = await oauth.refreshTokenGrantRequest(
      as,
      client,
      oauth.None(),
      String(first.refresh_token),
      insecure,
    );
    expect(reuse.status).toBe(400);
    expect(((await reuse.json()) as { error: string }).error).toBe('invalid_grant');
  });

  it('lets a confidential client exchange a code only with its secret', async () => {
    const client = await registerClient(as, { token_endpoint_auth_method: 'client_secret_basic' });
    expect(client.client_secret).toMatch(/^brw_cs_/);
    const { browser } = await signedInBrowser(server);
    const withoutSecret = await pkcePair();
    const first = await authorize(as, client, browser, withoutSecret);
    // A code_verifier does not authenticate a confidential client.
    const refused = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      oauth.None(),
      first.callback,
      REDIRECT_URI,
      withoutSecret.verifier,
      insecure,
    );
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toMatch(/^Basic/);
    expect(((await refused.json()) as { error: string }).error).toBe('invalid_client');

    const pkce = await pkcePair();
    const { callback } = await authorize(as, client, browser, pkce);
    const auth = oauth.ClientSecretBasic(String(client.client_secret));
    const tokens = await exchangeCode(as, client, auth, callback, pkce.verifier);
    expect((await me(server.url, tokens.access_token)).status).toBe(200);
  });

  it('sends the user to the login first and back to the consent page afterwards', async () => {
    const client = await registerClient(as);
    const { email } = await signedInBrowser(server);
    const browser = new FormBrowser(server.url);
    const pkce = await pkcePair();
    const path = authorizationUrl(as, client.client_id, {
      redirect_uri: REDIRECT_URI,
      code_challenge: pkce.challenge,
      code_challenge_method: 'S256',
    });
    const first = await browser.get(path);
    expect(first.status).toBe(303);
    expect(first.location).toBe(`/login?next=${encodeURIComponent(path)}`);
    const login = await browser.get(String(first.location));
    const signedIn = await browser.post('/login', {
      ...hiddenFields(login.html),
      email,
      password: TEST_PASSWORD,
    });
    expect(signedIn.status).toBe(303);
    expect(signedIn.location).toBe(path);
    const consentPage = await browser.get(path);
    expect(consentPage.html).toContain('Gutachter-App');
    expect(consentPage.html).toContain('name="decision" value="deny"');
  });
});
