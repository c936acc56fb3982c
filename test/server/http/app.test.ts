import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '#dev/service/testServer.js';

describe('the app shell', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers /healthz while the database is up', async () => {
    const res = await fetch(`${server.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('answers unknown paths with 404 not_found in the error shape', async () => {
    const res = await fetch(`${server.url}/nowhere?token=secret-token-value`);
    expect(res.status).toBe(404);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toEqual({
      error: 'not_found',
      message: expect.stringContaining('/nowhere') as unknown,
      status: 404,
    });
  });

  it('sets security headers and a request id', async () => {
    const res = await fetch(`${server.url}/healthz`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-request-id')).toMatch(/^[\w-]+$/);
    expect(res.headers.get('x-powered-by')).toBeNull();
  });

  it('gives API answers, API errors and unknown API paths the same security headers as any page', async () => {
    const page = await fetch(`${server.url}/healthz`);
    const security = [...page.headers.keys()].filter(
      (name) =>
        name.startsWith('cross-origin-') || name.startsWith('x-') || name.includes('policy'),
    );
    expect(security).toEqual(
      expect.arrayContaining(['content-security-policy', 'x-frame-options']),
    );
    const tooMany = Array.from({ length: 1001 }, (_, i) => `p${i}=1`).join('&');
    for (const path of ['/api/me', '/api/nowhere', `/api/me?${tooMany}`]) {
      const res = await fetch(`${server.url}${path}`, {
        headers: { Origin: 'https://excel.example' },
      });
      for (const name of security.filter((n) => n !== 'x-request-id')) {
        expect([path, name, res.headers.get(name)]).toEqual([path, name, page.headers.get(name)]);
      }
      // The query limit answers before CORS, as it did when the API came last.
      const cors = path.includes('?') ? null : '*';
      expect([path, res.headers.get('access-control-allow-origin')]).toEqual([path, cors]);
    }
    const limited = await fetch(`${server.url}/api/me?${tooMany}`);
    expect(limited.status).toBe(400);
    expect(await limited.json()).toMatchObject({ error: 'too_many_parameters' });
  });

  it('sends no ETag, and answers a conditional request in full', async () => {
    const res = await fetch(`${server.url}/healthz`);
    expect(res.headers.get('etag')).toBeNull();
    const conditional = await fetch(`${server.url}/healthz`, {
      headers: { 'If-None-Match': 'W/"f-VaSQ4oDUiZblZNAEkkN+sX+q3Sg"' },
    });
    expect(conditional.status).toBe(200);
    expect(await conditional.json()).toEqual({ status: 'ok' });
  });

  it('answers CORS preflight for /api with Authorization allowed', async () => {
    const res = await fetch(`${server.url}/api/me`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://excel.example',
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'authorization',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-headers')).toMatch(/authorization/i);
  });

  it('writes one line per request with its id, method, path, status and time', async () => {
    const res = await fetch(`${server.url}/nowhere/else?x=1`, {
      headers: { 'X-Request-Id': 'trace-4711' },
    });
    expect(res.headers.get('x-request-id')).toBe('trace-4711');
    const lines = server.logs.lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.reqId === 'trace-4711');
    expect(lines).toEqual([
      expect.objectContaining({
        level: 30,
        req: { id: 'trace-4711', method: 'GET', path: '/nowhere/else' },
        res: { status: 404 },
        responseTime: expect.any(Number) as unknown,
        msg: 'GET /nowhere/else 404',
      }),
    ]);
  });

  it('logs the path of a request but never its query string', async () => {
    await fetch(`${server.url}/healthz?token=sk_live_do_not_log_me`);
    const logged = server.logs.text();
    expect(logged).toContain('"path":"/healthz"');
    expect(logged).not.toContain('sk_live_do_not_log_me');
    expect(logged).not.toContain('token=');
  });
});
