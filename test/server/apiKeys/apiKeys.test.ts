import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueryTypes } from 'sequelize';
import { hashApiKey } from '#server/apiKeys/apiKeyToken.js';
import { manualClock, type ManualClock } from '../../support/clock.js';
import { createTestAccount } from '#dev/service/accounts.js';
import { startTestServer, type TestServer } from '#dev/service/testServer.js';

const DAY_MS = 86_400_000;

describe('API keys (§5.2)', () => {
  let server: TestServer;
  let clock: ManualClock;
  beforeAll(async () => {
    clock = manualClock('2026-11-10T10:00:00Z');
    server = await startTestServer({ clock: clock.now });
  });
  afterAll(async () => {
    await server.close();
  });

  const status = async (token: string) =>
    (await fetch(`${server.url}/api/me`, { headers: { Authorization: `Bearer ${token}` } })).status;

  it('creates a recognisable key and stores only its hash', async () => {
    clock.set('2026-11-10T10:00:00Z');
    const { token, keyId } = await createTestAccount(server.ctx);
    expect(token).toMatch(/^brw_live_[\w-]{43}$/);
    const rows = await server.ctx.db.sequelize.query<Record<string, unknown>>(
      'SELECT * FROM api_keys WHERE id = ?',
      { replacements: [keyId], type: QueryTypes.SELECT },
    );
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(token);
    expect(stored).toContain(hashApiKey(token));
    expect(rows[0]?.prefix).toBe(token.slice(0, 15));
  });

  it.each([
    ['30d', 30],
    ['90d', 90],
    ['1y', 365],
  ] as const)('lets a %s key work until its lifetime ends', async (lifetime, days) => {
    clock.set('2026-11-10T10:00:00Z');
    const { token } = await createTestAccount(server.ctx, { lifetime });
    clock.advance(days * DAY_MS - 1000);
    expect(await status(token)).toBe(200);
    clock.advance(1000);
    expect(await status(token)).toBe(401);
  });

  it('keeps an unlimited key working for years', async () => {
    clock.set('2026-11-10T10:00:00Z');
    const { token } = await createTestAccount(server.ctx, { lifetime: 'unlimited' });
    clock.advance(10 * 365 * DAY_MS);
    expect(await status(token)).toBe(200);
  });

  it('rejects a revoked key with the very next request', async () => {
    clock.set('2026-11-10T10:00:00Z');
    const { token, keyId } = await createTestAccount(server.ctx);
    expect(await status(token)).toBe(200);
    expect(await server.ctx.apiKeys.revoke(keyId)).toBe(true);
    const res = await fetch(`${server.url}/api/me`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: string }).error).toBe('invalid_token');
  });

  it('records the last use at most once a minute', async () => {
    clock.set('2026-11-10T10:00:00Z');
    const { token, keyId } = await createTestAccount(server.ctx);
    const lastUsed = async () => (await server.ctx.apiKeys.find(keyId))?.lastUsedAt?.toISOString();
    expect(await lastUsed()).toBeUndefined();
    await status(token);
    expect(await lastUsed()).toBe('2026-11-10T10:00:00.000Z');
    clock.advance(59_000);
    await status(token);
    expect(await lastUsed()).toBe('2026-11-10T10:00:00.000Z');
    clock.advance(1_000);
    await status(token);
    expect(await lastUsed()).toBe('2026-11-10T10:01:00.000Z');
  });

  it('refuses names that are empty or too long', async () => {
    const { user } = await createTestAccount(server.ctx);
    await expect(server.ctx.apiKeys.create(user.id, '  ', '30d')).rejects.toThrow(RangeError);
    await expect(server.ctx.apiKeys.create(user.id, 'x'.repeat(101), '30d')).rejects.toThrow(
      RangeError,
    );
  });
});
