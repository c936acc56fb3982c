import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock, type ManualClock } from '../../../support/clock.js';
import { createTestAccount } from '#dev/service/accounts.js';
import { expectValidResponse } from '../../../support/openapi.js';
import { startTestServer, type TestServer } from '#dev/service/testServer.js';

const DAY_MS = 86_400_000;

describe('GET /api/me (§4.3, §7.3)', () => {
  let server: TestServer;
  let clock: ManualClock;
  beforeAll(async () => {
    clock = manualClock('2026-11-10T10:00:00Z');
    server = await startTestServer({
      clock: clock.now,
      env: { BILLING_URL: 'https://brw.example/billing' },
    });
  });
  afterAll(async () => {
    await server.close();
  });

  async function me(token: string) {
    const res = await fetch(`${server.url}/api/me`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const body = (await res.json()) as Record<string, unknown>;
    expectValidResponse('GET', '/api/me', res.status, body);
    return { status: res.status, body };
  }

  it('answers every profile field for an account in its trial', async () => {
    clock.set('2026-11-10T10:00:00Z');
    const { token, user } = await createTestAccount(server.ctx);
    await server.ctx.quota.reserve(user.id);
    const { status, body } = await me(token);
    expect(status).toBe(200);
    expect(body).toEqual({
      id: user.id,
      plan: 'free',
      effective_plan: 'pro',
      usage_this_month: 1,
      distinct_lookups_this_month: 0,
      failed_lookups_this_month: 0,
      free_failed_lookups: 100,
      limit: 100,
      quota_exhausted: false,
      upgrade_url: null,
      trial_expires_at: '2026-11-24T10:00:00.000Z',
      trial_usage: 1,
      trial_limit: 100,
      trial_active: true,
    });
  });

  it('shows the billing link once the quota is exhausted', async () => {
    clock.set('2026-11-10T10:00:00Z');
    const { token } = await createTestAccount(server.ctx);
    clock.advance(15 * DAY_MS);
    const { body } = await me(token);
    expect(body).toMatchObject({
      plan: 'free',
      effective_plan: 'free',
      limit: 0,
      quota_exhausted: true,
      upgrade_url: 'https://brw.example/billing',
      trial_active: false,
    });
  });

  it('shows null limit and trial for an enterprise account without trial', async () => {
    const { token, user } = await createTestAccount(server.ctx, { plan: 'enterprise' });
    await server.ctx.accounts.setTrialExpiry(user.id, null);
    const { body } = await me(token);
    expect(body).toMatchObject({
      effective_plan: 'enterprise',
      limit: null,
      trial_expires_at: null,
      trial_active: false,
      quota_exhausted: false,
      upgrade_url: null,
    });
  });

  it('does not count calls to /api/me', async () => {
    const { token } = await createTestAccount(server.ctx);
    await me(token);
    const { body } = await me(token);
    expect(body).toMatchObject({ usage_this_month: 0, trial_usage: 0 });
  });

  it('answers 401 missing_token and invalid_token', async () => {
    const missing = await fetch(`${server.url}/api/me`);
    expect(missing.status).toBe(401);
    const missingBody = (await missing.json()) as { error: string };
    expectValidResponse('GET', '/api/me', 401, missingBody);
    expect(missingBody.error).toBe('missing_token');
    const invalid = await me('brw_live_nope');
    expect(invalid).toMatchObject({ status: 401, body: { error: 'invalid_token', status: 401 } });
  });
});

describe('GET /api/me when the database fails', () => {
  it('answers 500 internal_server_error without internals', async () => {
    const server = await startTestServer();
    const { token } = await createTestAccount(server.ctx);
    await server.ctx.db.sequelize.query('DROP TABLE usage_months');
    const res = await fetch(`${server.url}/api/me`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(500);
    const body: unknown = await res.json();
    expectValidResponse('GET', '/api/me', 500, body);
    expect(body).toEqual({
      error: 'internal_server_error',
      message: 'Interner Fehler bei der Verarbeitung der Anfrage.',
      status: 500,
    });
    expect(server.logs.text()).toContain('usage_months');
    await server.close();
  });
});
