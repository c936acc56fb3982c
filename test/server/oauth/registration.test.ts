import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectValidResponse } from '../../support/openapi.js';
import { startTestServer, type TestServer } from '#dev/service/testServer.js';
import { REDIRECT_URI } from './support/oauthClient.js';
import { oauthErrorBodySchema } from '#server/oauth/wire/oauthErrors.js';

describe('POST /oauth/register (RFC 7591)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  async function register(body: unknown, contentType = 'application/json') {
    const res = await fetch(`${server.url}/oauth/register`, {
      method: 'POST',
      headers: { 'content-type': contentType },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    const json = (await res.json()) as Record<string, unknown>;
    expectValidResponse('POST', '/oauth/register', res.status, json);
    return { status: res.status, body: json };
  }

  it('registers a public client by default with the metadata and no secret', async () => {
    const { status, body } = await register({
      client_name: 'Tabellen-Tool',
      redirect_uris: [REDIRECT_URI],
    });
    expect(status).toBe(201);
    expect(body).toMatchObject({
      client_name: 'Tabellen-Tool',
      redirect_uris: [REDIRECT_URI],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    });
    expect(body).not.toHaveProperty('client_secret');
    const stored = await server.ctx.oauth.clients.findByClientId(String(body.client_id));
    expect(stored).toMatchObject({ ownerAccountId: null, type: 'public' });
  });

  it('gives a confidential client its secret once and stores only its hash', async () => {
    const { status, body } = await register({
      client_name: 'Server-App',
      redirect_uris: ['https://app.example.de/cb'],
      token_endpoint_auth_method: 'client_secret_basic',
    });
    expect(status).toBe(201);
    expect(body.client_secret).toMatch(/^brw_cs_/);
    expect(body.client_secret_expires_at).toBe(0);
    const [rows] = await server.ctx.db.sequelize.query('SELECT * FROM oauth_clients');
    expect(JSON.stringify(rows)).not.toContain(String(body.client_secret));
  });

  it.each([
    ['no redirect URI', { client_name: 'A', redirect_uris: [] }, 'invalid_redirect_uri'],
    [
      'plain http on another host',
      { client_name: 'A', redirect_uris: ['http://app.example.de/cb'] },
      'invalid_redirect_uri',
    ],
    [
      'a fragment',
      { client_name: 'A', redirect_uris: ['https://app.example.de/cb#x'] },
      'invalid_redirect_uri',
    ],
    [
      'a custom scheme',
      { client_name: 'A', redirect_uris: ['myapp://cb'] },
      'invalid_redirect_uri',
    ],
    [
      'redirect_uris not a list',
      { client_name: 'A', redirect_uris: 'https://a.de/cb' },
      'invalid_redirect_uri',
    ],
    ['no client_name', { redirect_uris: [REDIRECT_URI] }, 'invalid_client_metadata'],
    [
      'client_credentials',
      { client_name: 'A', redirect_uris: [REDIRECT_URI], grant_types: ['client_credentials'] },
      'invalid_client_metadata',
    ],
    [
      'an unknown auth method',
      {
        client_name: 'A',
        redirect_uris: [REDIRECT_URI],
        token_endpoint_auth_method: 'private_key_jwt',
      },
      'invalid_client_metadata',
    ],
    [
      'response_type token',
      { client_name: 'A', redirect_uris: [REDIRECT_URI], response_types: ['token'] },
      'invalid_client_metadata',
    ],
    ['a JSON array', [], 'invalid_client_metadata'],
  ])('refuses %s with 400', async (_name, body, error) => {
    const answer = await register(body);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe(error);
    expect(typeof answer.body.error_description).toBe('string');
  });

  it('answers a body that is not JSON with invalid_client_metadata, not 500', async () => {
    const answer = await register('{"client_name":', 'application/json');
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('invalid_client_metadata');
  });

  it('throttles registrations per IP address', async () => {
    const own = await startTestServer();
    try {
      const statuses: number[] = [];
      let last: unknown;
      for (let i = 0; i < 21; i += 1) {
        const res = await fetch(`${own.url}/oauth/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ client_name: `App ${i}`, redirect_uris: [REDIRECT_URI] }),
        });
        statuses.push(res.status);
        last = await res.json();
      }
      expect(statuses.slice(0, 20).every((s) => s === 201)).toBe(true);
      expect(statuses[20]).toBe(429);
      // The OAuth error body of RFC 7591 §3.2.2, as every other refusal of the endpoint.
      expect(oauthErrorBodySchema.parse(last)).toEqual({
        error: 'rate_limit_exceeded',
        error_description: 'Höchstens 20 Registrierungen pro Stunde und IP-Adresse.',
      });
    } finally {
      await own.close();
    }
  });
});
