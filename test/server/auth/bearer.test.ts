import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAccount, type TestAccount } from '#dev/service/accounts.js';
import { expectValidResponse } from '../../support/openapi.js';
import { startTestServer, type TestServer } from '#dev/service/testServer.js';
import { clientCredentialsToken } from '../oauth/support/apps.js';

describe('bearer authentication and token transport (§5.1)', () => {
  let server: TestServer;
  let account: TestAccount;
  beforeAll(async () => {
    server = await startTestServer();
    account = await createTestAccount(server.ctx);
  });
  afterAll(async () => {
    await server.close();
  });

  async function me(query = '', headers: Record<string, string> = {}) {
    const res = await fetch(`${server.url}/api/me${query}`, { headers });
    const body: unknown = await res.clone().json();
    expectValidResponse('GET', '/api/me', res.status, body);
    return res;
  }

  it('accepts the key in the Authorization header', async () => {
    const res = await me('', { Authorization: `Bearer ${account.token}` });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { id: string }).id).toBe(account.user.id);
    expect(res.headers.get('cache-control')).not.toBe('no-store');
  });

  it('accepts more than one space after the scheme (RFC 6750 §2.1: "Bearer" 1*SP b64token)', async () => {
    const res = await me('', { Authorization: `Bearer   ${account.token}` });
    expect(res.status).toBe(200);
    expect((await me('', { Authorization: `bearer\t${account.token}` })).status).toBe(200);
  });

  it('accepts the key as token query parameter and answers with Cache-Control: no-store', async () => {
    const res = await me(`?token=${account.token}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('lets the header win when both are present', async () => {
    const validHeader = await me('?token=brw_live_wrong', {
      Authorization: `Bearer ${account.token}`,
    });
    expect(validHeader.status).toBe(200);
    const invalidHeader = await me(`?token=${account.token}`, {
      Authorization: 'Bearer brw_live_wrong',
    });
    expect(invalidHeader.status).toBe(401);
    expect(((await invalidHeader.json()) as { error: string }).error).toBe('invalid_token');
    expect(invalidHeader.headers.get('cache-control')).toBe('no-store');
  });

  it('takes the token parameter when the header carries no bearer token', async () => {
    for (const authorization of ['Bearer', 'Basic dTpw']) {
      const res = await me(`?token=${account.token}`, { Authorization: authorization });
      expect(res.status).toBe(200);
    }
  });

  it('answers 401 missing_token with a Bearer challenge when no token is sent', async () => {
    const variants: Record<string, string>[] = [
      {},
      { Authorization: 'Bearer' },
      { Authorization: 'Basic dTpw' },
    ];
    for (const headers of variants) {
      const res = await me('', headers);
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer');
      expect(await res.json()).toEqual({
        error: 'missing_token',
        message: expect.any(String) as unknown,
        status: 401,
      });
    }
  });

  it('does not take tokens from the access_token parameter', async () => {
    const res = await me(`?access_token=${account.token}`);
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: string }).error).toBe('missing_token');
  });

  it('answers 401 invalid_token for unknown and malformed tokens', async () => {
    for (const token of ['brw_live_unknown', 'something-else', `${account.token} extra`]) {
      const res = await me('', { Authorization: `Bearer ${token}` });
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
      expect(((await res.json()) as { error: string }).error).toBe('invalid_token');
    }
  });

  it('lets OAuth access tokens pass the same strategy as API keys', async () => {
    const { token } = await clientCredentialsToken(server, account.user.id);
    const res = await me('', { Authorization: `Bearer ${token}` });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { id: string }).id).toBe(account.user.id);
  });

  it('never logs the token or the query string', async () => {
    await me(`?token=${account.token}`);
    await me('', { Authorization: `Bearer ${account.token}` });
    const logged = server.logs.text();
    expect(logged).toContain('"path":"/api/me"');
    expect(logged).not.toContain(account.token);
    expect(logged).not.toContain('token=');
  });
});
