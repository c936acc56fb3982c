import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ipKeyGenerator } from 'express-rate-limit';
import { clientKey } from '#server/http/rateLimit.js';
import { createTestAccount, type TestAccount } from '#dev/service/accounts.js';
import { expectValidResponse } from '../../support/openapi.js';
import { redisAvailability, serviceAvailable, testEnv } from '../../support/services.js';
import { startTestServer, type TestServer } from '#dev/service/testServer.js';

const BODY = JSON.stringify({ brw: 100, gfz_referenz: 1, gfz_tatsaechlich: 1 });

async function calculate(server: TestServer, account: TestAccount) {
  const res = await fetch(`${server.url}/api/bodenwert`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${account.token}`, 'Content-Type': 'application/json' },
    body: BODY,
  });
  expectValidResponse('POST', '/api/bodenwert', res.status, await res.clone().json());
  return res;
}

describe('the per-IP rate limit (§8)', () => {
  let server: TestServer;
  let account: TestAccount;
  beforeAll(async () => {
    server = await startTestServer({ env: { RATE_LIMIT_PER_MINUTE: '3' } });
    account = await createTestAccount(server.ctx);
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers 429 rate_limit_exceeded with Retry-After and RateLimit headers past the limit', async () => {
    const first = await calculate(server, account);
    expect(first.status).toBe(200);
    expect(first.headers.get('ratelimit-policy')).toMatch(/^"ip-minute"; q=3; w=60/);
    expect(first.headers.get('ratelimit')).toMatch(/^"ip-minute"; r=2; t=\d+$/);
    await calculate(server, account);
    await calculate(server, account);
    const limited = await calculate(server, account);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(await limited.json()).toEqual({
      error: 'rate_limit_exceeded',
      message: expect.stringContaining('3 pro Minute') as unknown,
      status: 429,
    });
  });

  it('counts unauthenticated requests too and leaves /api/me alone', async () => {
    const anonymous = await fetch(`${server.url}/api/bodenwert`, { method: 'POST' });
    expect(anonymous.status).toBe(429);
    const me = await fetch(`${server.url}/api/me`, {
      headers: { Authorization: `Bearer ${account.token}` },
    });
    expect(me.status).toBe(200);
  });

  it('shares one budget between the endpoints of one app', async () => {
    // The calculations above used this address's budget: the lookup and MCP are refused too.
    const headers = { Authorization: `Bearer ${account.token}` };
    const lookup = await fetch(`${server.url}/api/bodenrichtwert?address=Georgstra%C3%9Fe%2010`, {
      headers,
    });
    expect(lookup.status).toBe(429);
    const mcp = await fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(mcp.status).toBe(429);
  });

  it('exposes the rate-limit headers to browser clients', async () => {
    const res = await fetch(`${server.url}/api/me`, {
      headers: { Origin: 'https://excel.example', Authorization: `Bearer ${account.token}` },
    });
    const exposed = res.headers.get('access-control-expose-headers') ?? '';
    for (const header of ['Retry-After', 'RateLimit', 'RateLimit-Policy']) {
      expect(exposed).toContain(header);
    }
  });
});

describe('the rate limit behind a trusted proxy', () => {
  let server: TestServer;
  let account: TestAccount;
  beforeAll(async () => {
    server = await startTestServer({
      env: { RATE_LIMIT_PER_MINUTE: '2', TRUST_PROXY: 'loopback' },
    });
    account = await createTestAccount(server.ctx);
  });
  afterAll(async () => {
    await server.close();
  });

  const from = (ip: string) =>
    fetch(`${server.url}/api/bodenwert`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${account.token}`,
        'Content-Type': 'application/json',
        'X-Forwarded-For': ip,
      },
      body: BODY,
    });

  it('counts per client IP and groups IPv6 clients by /56', async () => {
    expect((await from('2001:db8:aa:1100::1')).status).toBe(200);
    expect((await from('2001:db8:aa:11ff::2')).status).toBe(200);
    expect((await from('2001:db8:aa:1100::3')).status).toBe(429);
    expect((await from('2001:db8:aa:1200::1')).status).toBe(200);
    expect((await from('203.0.113.7')).status).toBe(200);
    expect((await from('203.0.113.8')).status).toBe(200);
  });

  it('keys IPv4-mapped addresses like ipKeyGenerator does, without parsing them', () => {
    for (const ip of ['::ffff:203.0.113.7', '::FFFF:10.0.0.1', '2001:db8:aa:11ff::2', '::1']) {
      expect(clientKey({ ip })).toBe(ipKeyGenerator(ip, 56));
    }
    expect(clientKey({ ip: '203.0.113.7' })).toBe('203.0.113.7');
  });
});

describe.runIf(serviceAvailable('Redis', redisAvailability()))(
  'the rate limit shared through Redis',
  () => {
    let servers: TestServer[];
    let accounts: TestAccount[];
    beforeAll(async () => {
      const env = {
        RATE_LIMIT_PER_MINUTE: '3',
        REDIS_URL: testEnv.redisUrl ?? '',
        REDIS_KEY_PREFIX: `test-${randomBytes(6).toString('hex')}:`,
      };
      servers = [await startTestServer({ env }), await startTestServer({ env })];
      accounts = await Promise.all(servers.map((s) => createTestAccount(s.ctx)));
    });
    afterAll(async () => {
      await Promise.all(servers.map((s) => s.close()));
    });

    it('lets two instances share one limit per IP', async () => {
      const [a, b] = servers as [TestServer, TestServer];
      const [keyA, keyB] = accounts as [TestAccount, TestAccount];
      expect((await calculate(a, keyA)).status).toBe(200);
      expect((await calculate(b, keyB)).status).toBe(200);
      expect((await calculate(a, keyA)).status).toBe(200);
      const limited = await calculate(b, keyB);
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    });
  },
);
