import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectValidResponse } from '../../support/openapi.js';
import { startTestServer, type TestServer } from '#dev/service/testServer.js';
import {
  authorize,
  consentedTokens,
  discover,
  exchangeCode,
  insecure,
  me,
  pkcePair,
  refreshRequest,
  registerClient,
  tokenRequest,
} from './support/oauthClient.js';
import { signedInBrowser } from './support/signedIn.js';

describe('POST /oauth/revoke (RFC 7009) and the registered client authentication', () => {
  let server: TestServer;
  let as: oauth.AuthorizationServer;
  beforeAll(async () => {
    server = await startTestServer();
    as = await discover(server.url);
  });
  afterAll(async () => {
    await server.close();
  });

  async function grantFor(client: oauth.Client, auth: oauth.ClientAuth = oauth.None()) {
    const { browser } = await signedInBrowser(server);
    return consentedTokens(as, client, browser, auth);
  }

  async function revoke(fields: Record<string, string>, basic?: { id: string; secret: string }) {
    const headers: Record<string, string> = {
      'content-type': 'application/x-www-form-urlencoded',
    };
    if (basic) {
      headers.authorization = `Basic ${Buffer.from(`${basic.id}:${basic.secret}`).toString('base64')}`;
    }
    const res = await fetch(`${server.url}/oauth/revoke`, {
      method: 'POST',
      headers,
      body: new URLSearchParams(fields).toString(),
    });
    const text = await res.text();
    const body = text === '' ? undefined : (JSON.parse(text) as Record<string, unknown>);
    if (body) expectValidResponse('POST', '/oauth/revoke', res.status, body);
    else expect(res.status).toBe(200);
    return { status: res.status, headers: res.headers, body };
  }

  const refresh = (clientId: string, token: unknown) => refreshRequest(server.url, clientId, token);

  it('announces the revocation endpoint and iss in the authorization response (RFC 8414, RFC 9207)', () => {
    expect(as.revocation_endpoint).toBe(`${server.url}/oauth/revoke`);
    expect(as.authorization_response_iss_parameter_supported).toBe(true);
    expect(as.revocation_endpoint_auth_methods_supported).toEqual([
      'none',
      'client_secret_basic',
      'client_secret_post',
    ]);
  });

  it('revokes a refresh token with oauth4webapi: refresh and access token of the grant die', async () => {
    const client = await registerClient(as);
    const tokens = await grantFor(client);
    const response = await oauth.revocationRequest(
      as,
      client,
      oauth.None(),
      String(tokens.refresh_token),
      insecure,
    );
    await oauth.processRevocationResponse(response);
    expect((await refresh(client.client_id, String(tokens.refresh_token))).body.error).toBe(
      'invalid_grant',
    );
    expect((await me(server.url, tokens.access_token)).status).toBe(401);
  });

  it('revokes an access token: the whole grant ends, also the refresh token', async () => {
    const client = await registerClient(as);
    const tokens = await grantFor(client);
    const answer = await revoke({
      token: tokens.access_token,
      token_type_hint: 'access_token',
      client_id: client.client_id,
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect((await me(server.url, tokens.access_token)).status).toBe(401);
    expect((await refresh(client.client_id, String(tokens.refresh_token))).body.error).toBe(
      'invalid_grant',
    );
  });

  it('answers 200 for unknown tokens and for tokens of another client, revoking nothing', async () => {
    const owner = await registerClient(as);
    const other = await registerClient(as);
    const tokens = await grantFor(owner);
    expect((await revoke({ token: 'brw_rt_unknown', client_id: other.client_id })).status).toBe(
      200,
    );
    expect((await revoke({ token: tokens.access_token, client_id: other.client_id })).status).toBe(
      200,
    );
    expect((await me(server.url, tokens.access_token)).status).toBe(200);
    expect((await refresh(owner.client_id, String(tokens.refresh_token))).status).toBe(200);
  });

  it('refuses an unauthenticated or wrongly authenticated client with 401 and a missing token with 400', async () => {
    const confidential = await registerClient(as, {
      token_endpoint_auth_method: 'client_secret_basic',
    });
    const tokens = await grantFor(
      confidential,
      oauth.ClientSecretBasic(String(confidential.client_secret)),
    );
    const noClient = await revoke({ token: tokens.access_token });
    expect(noClient.status).toBe(401);
    expect(noClient.body?.error).toBe('invalid_client');
    expect(noClient.headers.get('www-authenticate')).toMatch(/^Basic/);
    const noSecret = await revoke({
      token: tokens.access_token,
      client_id: confidential.client_id,
    });
    expect(noSecret.status).toBe(401);
    const wrongSecret = await revoke(
      { token: tokens.access_token },
      { id: confidential.client_id, secret: 'brw_cs_wrong' },
    );
    expect(wrongSecret.status).toBe(401);
    const basic = { id: confidential.client_id, secret: String(confidential.client_secret) };
    const missing = await revoke({}, basic);
    expect(missing.status).toBe(400);
    expect(missing.body?.error).toBe('invalid_request');
    expect((await me(server.url, tokens.access_token)).status).toBe(200);
    expect((await revoke({ token: tokens.access_token }, basic)).status).toBe(200);
    expect((await me(server.url, tokens.access_token)).status).toBe(401);
  });

  it('enforces the registered token_endpoint_auth_method at the token and revocation endpoints', async () => {
    const post = await registerClient(as, { token_endpoint_auth_method: 'client_secret_post' });
    const secret = String(post.client_secret);
    const { browser } = await signedInBrowser(server);
    const pkce = await pkcePair();
    const { callback } = await authorize(as, post, browser, pkce);
    const code = String(callback.get('code'));
    const viaBasic = await tokenRequest(
      server.url,
      { grant_type: 'authorization_code', code, code_verifier: pkce.verifier },
      { id: post.client_id, secret },
    );
    expect(viaBasic.status).toBe(401);
    expect(viaBasic.body.error).toBe('invalid_client');
    const both = await tokenRequest(
      server.url,
      {
        grant_type: 'authorization_code',
        code,
        code_verifier: pkce.verifier,
        client_secret: secret,
      },
      { id: post.client_id, secret },
    );
    expect(both.status).toBe(400);
    expect(both.body.error).toBe('invalid_request');
    // The refusals above did not use the code up: the registered method still works.
    const tokens = await exchangeCode(
      as,
      post,
      oauth.ClientSecretPost(secret),
      callback,
      pkce.verifier,
    );
    expect((await me(server.url, tokens.access_token)).status).toBe(200);
    const revokeViaBasic = await revoke(
      { token: tokens.access_token },
      { id: post.client_id, secret },
    );
    expect(revokeViaBasic.status).toBe(401);
    expect((await me(server.url, tokens.access_token)).status).toBe(200);

    const basicClient = await registerClient(as, {
      token_endpoint_auth_method: 'client_secret_basic',
    });
    const basicTokens = await grantFor(
      basicClient,
      oauth.ClientSecretBasic(String(basicClient.client_secret)),
    );
    const viaPost = await tokenRequest(server.url, {
      grant_type: 'refresh_token',
      refresh_token: String(basicTokens.refresh_token),
      client_id: basicClient.client_id,
      client_secret: String(basicClient.client_secret),
    });
    expect(viaPost.status).toBe(401);
    expect(viaPost.body.error).toBe('invalid_client');
  });
});
