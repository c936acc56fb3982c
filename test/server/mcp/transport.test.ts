// /mcp as HTTP: bearer authentication with the RFC 9728 challenge, the
// methods a stateless server refuses, CORS, the shared rate limit, and the
// protected resource metadata an MCP client discovers the login with.
import {
  discoverOAuthProtectedResourceMetadata,
  extractResourceMetadataUrl,
} from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAccount, type TestAccount } from '#dev/service/accounts.js';
import { expectValidResponse } from '../../support/openapi.js';
import { startTestServer, type TestServer } from '#dev/service/testServer.js';
import { connectMcp } from './mcpClient.js';

const AUTH_URL = 'https://login.brw.example';
let server: TestServer;
let account: TestAccount;
beforeAll(async () => {
  server = await startTestServer({ env: { AUTH_URL, RATE_LIMIT_PER_MINUTE: '100000' } });
  account = await createTestAccount(server.ctx);
});
afterAll(async () => {
  await server.close();
});

const initialize = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: LATEST_PROTOCOL_VERSION,
    capabilities: {},
    clientInfo: { name: 'raw', version: '1' },
  },
};

function postMcp(headers: Record<string, string>, path = '/mcp', base = server.url) {
  return fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      Accept: 'application/json, text/event-stream',
      'Content-Type': 'application/json',
      ...headers,
    },
    body: JSON.stringify(initialize),
  });
}

const metadataUrl = () => `${server.url}/.well-known/oauth-protected-resource/mcp`;

describe('authentication of /mcp', () => {
  it('answers a request without a token with 401 and the resource_metadata challenge', async () => {
    const res = await postMcp({});
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe(`Bearer resource_metadata="${metadataUrl()}"`);
    expect(extractResourceMetadataUrl(res)?.href).toBe(metadataUrl());
    const body: unknown = await res.json();
    expect(body).toMatchObject({ error: 'missing_token', status: 401 });
    expectValidResponse('POST', '/mcp', 401, body);
  });

  it('makes the SDK client fail with 401 when it has no token', async () => {
    const error: unknown = await connectMcp(server.url, null).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(StreamableHTTPError);
    expect((error as StreamableHTTPError).code).toBe(401);
  });

  it('marks an unknown token invalid_token in the challenge', async () => {
    const res = await postMcp({ Authorization: 'Bearer brw_not-a-real-key' });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe(
      `Bearer error="invalid_token", resource_metadata="${metadataUrl()}"`,
    );
    expect(await res.json()).toMatchObject({ error: 'invalid_token' });
  });

  it('refuses a token in the query string, which MCP forbids, without logging it', async () => {
    const res = await postMcp({}, `/mcp?token=${encodeURIComponent(account.token)}`);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({
      error: 'missing_token',
      message: expect.stringContaining('Authorization: Bearer') as unknown,
    });
    expect(server.logs.text()).not.toContain(account.token);
  });

  it('initializes with a valid API key in the header', async () => {
    const res = await postMcp({ Authorization: `Bearer ${account.token}` });
    expect(res.status).toBe(200);
    expect(res.headers.get('mcp-session-id')).toBeNull();
    const body = (await res.json()) as { result: { serverInfo: { name: string } } };
    expect(body.result.serverInfo.name).toBe('bodenrichtwert');
  });
});

describe('the stateless transport', () => {
  it.each(['GET', 'DELETE'])('answers %s /mcp with 405 and Allow: POST', async (method) => {
    const res = await fetch(`${server.url}/mcp`, {
      method,
      headers: { Authorization: `Bearer ${account.token}`, Accept: 'text/event-stream' },
    });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
    expect(await res.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32000 } });
  });

  it('answers 406 when the client does not accept both JSON and event streams', async () => {
    const res = await postMcp({
      Authorization: `Bearer ${account.token}`,
      Accept: 'application/json',
    });
    expect(res.status).toBe(406);
  });

  it('lets browser clients send the MCP headers and read the challenge (CORS)', async () => {
    const preflight = await fetch(`${server.url}/mcp`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://assistant.example',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization,content-type,mcp-protocol-version',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/Mcp-Protocol-Version/);
    const denied = await postMcp({ Origin: 'https://assistant.example' });
    expect(denied.headers.get('access-control-expose-headers')).toMatch(/WWW-Authenticate/);
  });
});

describe('requests whose parameters do not fit their method', () => {
  async function call(method: string, params: unknown) {
    const res = await fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: {
        Accept: 'application/json, text/event-stream',
        'Content-Type': 'application/json',
        Authorization: `Bearer ${account.token}`,
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 7, method, params }),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }

  it.each([
    ['tools/call', { name: 5 }, 'params.name'],
    ['tools/call', {}, 'params.name'],
    ['tools/call', { name: 'get_bodenrichtwert', arguments: 'Georgstraße 10' }, 'params.arguments'],
    ['initialize', { protocolVersion: '2025-06-18', capabilities: {} }, 'params.clientInfo'],
  ])(
    'answers %s with %j as invalid params (-32602) in German, naming %s',
    async (method, params, path) => {
      const { status, body } = await call(method, params);
      expect(status).toBe(200);
      expect(body).toMatchObject({ jsonrpc: '2.0', id: 7, error: { code: -32602 } });
      const message = (body.error as { message: string }).message;
      expect(message).toContain(`Ungültige Parameter für „${method}“`);
      expect(message).toContain(path);
      // Not zod's issue list: no JSON, no English type names.
      expect(message).not.toMatch(/[[{]|expected|invalid_type/);
    },
  );
});

describe('a call of a tool the server does not have', () => {
  it('is refused as invalid params (-32602) in German, naming the tools there are', async () => {
    const res = await fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: {
        Accept: 'application/json, text/event-stream',
        'Content-Type': 'application/json',
        Authorization: `Bearer ${account.token}`,
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 8,
        method: 'tools/call',
        params: { name: 'get_weather', arguments: {} },
      }),
    });
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ jsonrpc: '2.0', id: 8, error: { code: -32602 } });
    expect(body).not.toHaveProperty('result');
    const message = (body.error as { message: string }).message;
    expect(message).toContain('Unbekanntes Werkzeug „get_weather“');
    expect(message).toContain('get_bodenrichtwert');
    expect(message).not.toMatch(/not found/i);
  });
});

describe('the rate limit of /mcp', () => {
  it('shares the per-IP budget with /api/*', async () => {
    const limited = await startTestServer({ env: { RATE_LIMIT_PER_MINUTE: '2' } });
    try {
      const { token } = await createTestAccount(limited.ctx);
      const calc = await fetch(`${limited.url}/api/bodenwert`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ brw: 1, gfz_referenz: 1, gfz_tatsaechlich: 1 }),
      });
      expect(calc.status).toBe(200);
      const auth = { Authorization: `Bearer ${token}` };
      expect((await postMcp(auth, '/mcp', limited.url)).status).toBe(200);
      const third = await postMcp(auth, '/mcp', limited.url);
      expect(third.status).toBe(429);
      expect(await third.json()).toMatchObject({ error: 'rate_limit_exceeded' });
    } finally {
      await limited.close();
    }
  });
});

describe('OAuth protected resource metadata (RFC 9728)', () => {
  const expected = () => ({
    resource: `${server.url}/mcp`,
    authorization_servers: [AUTH_URL],
    bearer_methods_supported: ['header'],
    resource_name: 'Bodenrichtwert-Service (MCP)',
    resource_documentation: `${server.url}/docs`,
  });

  it.each(['/.well-known/oauth-protected-resource/mcp', '/.well-known/oauth-protected-resource'])(
    'serves %s to any origin',
    async (path) => {
      const res = await fetch(`${server.url}${path}`, { headers: { Origin: 'https://x.example' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      const body: unknown = await res.json();
      expect(body).toEqual(expected());
      expectValidResponse('GET', path, 200, body);
    },
  );

  it('is what the SDK client discovers for the /mcp URL', async () => {
    const metadata = await discoverOAuthProtectedResourceMetadata(`${server.url}/mcp`);
    expect(metadata).toEqual(expected());
  });

  it('refuses other methods', async () => {
    const res = await fetch(metadataUrl(), { method: 'POST' });
    expect(res.status).toBe(405);
  });
});
