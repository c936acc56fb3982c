import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAccount } from '#dev/service/accounts.js';
import { expectValidResponse } from '../../support/openapi.js';
import { startTestServer, type TestServer } from '#dev/service/testServer.js';
import { clientCredentialsToken, createApp } from './support/apps.js';
import { discover, insecure, me } from './support/oauthClient.js';

describe('client credentials (§5.4), driven by oauth4webapi', () => {
  let server: TestServer;
  let as: oauth.AuthorizationServer;
  beforeAll(async () => {
    server = await startTestServer();
    as = await discover(server.url);
  });
  afterAll(async () => {
    await server.close();
  });

  it('issues a one-hour bearer token without refresh token that counts against the owner', async () => {
    const { user } = await createTestAccount(server.ctx);
    const { client, secret } = await createApp(server.ctx, user.id, 'confidential', [
      'client_credentials',
    ]);
    const oauthClient: oauth.Client = { client_id: client.clientId };
    const response = await oauth.clientCredentialsGrantRequest(
      as,
      oauthClient,
      oauth.ClientSecretBasic(String(secret)),
      {},
      insecure,
    );
    expect(response.headers.get('cache-control')).toBe('no-store');
    const raw = (await response.clone().json()) as Record<string, unknown>;
    expect(Object.keys(raw).sort()).toEqual(['access_token', 'expires_in', 'token_type']);
    expectValidResponse('POST', '/oauth/token', 200, raw);
    const tokens = await oauth.processClientCredentialsResponse(as, oauthClient, response);
    expect(tokens).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    const profile = await me(server.url, tokens.access_token);
    expect(profile.status).toBe(200);
    expect(profile.body.id).toBe(user.id);
  });

  it('passes the same quota as API keys: the owner usage grows with the token', async () => {
    const { user } = await createTestAccount(server.ctx);
    const { clientId, token } = await clientCredentialsToken(server, user.id);
    const principal = await server.ctx.bearer.resolve(token);
    expect(principal).toMatchObject({
      accountId: user.id,
      kind: 'client_credentials',
      clientId,
    });
  });
});
