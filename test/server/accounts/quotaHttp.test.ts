// The quota through the real lookup route: what counts, every 402 answer,
// and 100 parallel lookups against the last 10 counts of a plan.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADDRESSES } from '#dev/fakes/demoWorld.js';
import { createTestAccount } from '#dev/service/accounts.js';
import { hannoverAddresses } from '../../support/manyAddresses.js';
import { manualClock, type ManualClock } from '../../support/clock.js';
import { createTestDatabaseUrl, databaseKinds, type DatabaseKind } from '../../support/database.js';
import { expectValidResponse } from '../../support/openapi.js';
import { startLookupHarness, type LookupHarness } from '../../support/lookupHarness.js';

const BILLING_URL = 'https://brw.example/billing';
const many = hannoverAddresses(100);

describe.each(databaseKinds())('the lookup quota over HTTP on %s', (kind: DatabaseKind) => {
  let harness: LookupHarness;
  let clock: ManualClock;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    clock = manualClock('2026-11-10T10:00:00Z');
    const database = await createTestDatabaseUrl(kind);
    drop = database.drop;
    harness = await startLookupHarness({
      clock,
      databaseUrl: database.url,
      // The quota, not the per-caller upstream slots or the source's waiting
      // line, is under test: 100 parallel lookups of one account must not wait
      // for slots (a slow machine would answer 429), and the 10 counted ones
      // must not outwait the harness's 400 ms upstream timeout in the line of
      // SOURCE_MAX_CONCURRENCY (a loaded CI machine answered 503 busy).
      env: { BILLING_URL, UPSTREAM_SLOTS_PER_CALLER: '100', UPSTREAM_TIMEOUT_MS: '10000' },
      places: many.places,
    });
  });
  afterAll(async () => {
    await harness.close();
    await drop();
  });

  async function lookup(token: string, address: string = DEMO_ADDRESSES.hannover) {
    const res = await harness.get({ address }, token);
    const body = (await res.json()) as Record<string, unknown>;
    expectValidResponse('GET', '/api/bodenrichtwert', res.status, body);
    return { status: res.status, body };
  }
  async function usage(accountId: string) {
    const profile = await harness.server.ctx.profiles.getProfile(accountId);
    return { month: profile?.usage_this_month, trial: profile?.trial_usage };
  }

  it('counts each new 200 once, not its repetition, and never an error answer', async () => {
    clock.set('2026-11-10T10:00:00Z');
    const { token, user } = await createTestAccount(harness.server.ctx);
    expect((await lookup(token)).status).toBe(200);
    const cached = await lookup(token);
    expect(cached).toMatchObject({ status: 200, body: { cache_hit: true } });
    expect((await lookup(token, DEMO_ADDRESSES.unknown)).status).toBe(404);
    expect((await lookup(token, DEMO_ADDRESSES.kiel)).status).toBe(451);
    const missing = await harness.get({}, token);
    expect(missing.status).toBe(400);
    expect(await usage(user.id)).toEqual({ month: 1, trial: 1 });
  });

  it('answers 402 limit_reached with trial_exhausted, no_active_plan and the billing link', async () => {
    clock.set('2026-11-10T10:00:00Z');
    const { token, user } = await createTestAccount(harness.server.ctx);
    await Promise.all(Array.from({ length: 100 }, () => harness.server.ctx.quota.reserve(user.id)));
    expect(await lookup(token)).toEqual({
      status: 402,
      body: {
        error: 'limit_reached',
        message: expect.any(String) as unknown,
        status: 402,
        reason: 'trial_exhausted',
        upgrade_url: BILLING_URL,
      },
    });
    clock.set('2026-11-25T10:00:00Z');
    expect((await lookup(token)).body).toMatchObject({ reason: 'no_active_plan' });
    const xml = await harness.get({ address: DEMO_ADDRESSES.hannover, format: 'xml' }, token);
    expect(xml.status).toBe(402);
    expect(await xml.text()).toContain('<reason>no_active_plan</reason>');
  });

  it('takes the token from the query also with format=xml, and answers no-store', async () => {
    clock.set('2026-11-10T10:00:00Z');
    const { token } = await createTestAccount(harness.server.ctx);
    const res = await harness.get({ address: DEMO_ADDRESSES.hannover, format: 'xml', token }, null);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(harness.server.logs.text()).not.toContain(token);
  });

  it('answers 402 payment_past_due after the grace period', async () => {
    clock.set('2026-11-10T10:00:00Z');
    const { token, user } = await createTestAccount(harness.server.ctx, { plan: 'pro' });
    await harness.server.ctx.accounts.setPayment(user.id, 'past_due', clock.now());
    clock.set('2026-11-24T10:00:00Z');
    expect((await lookup(token)).body).toMatchObject({ error: 'payment_past_due', status: 402 });
  });

  it('lets exactly 10 of 100 parallel new lookups through when 10 counts are left', async () => {
    clock.set('2026-11-10T10:00:00Z');
    const { token, user } = await createTestAccount(harness.server.ctx, { plan: 'starter' });
    await harness.server.ctx.accounts.setTrialExpiry(user.id, null);
    for (let i = 0; i < 40; i += 1) await harness.server.ctx.quota.reserve(user.id);
    const answers = await Promise.all(many.addresses.map((address) => lookup(token, address)));
    const statuses = answers.map((answer) => answer.status);
    // Any other answer (a 500 from a lock wait, a 503) is shown with its body.
    expect(answers.filter((a) => a.status !== 200 && a.status !== 402)).toEqual([]);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 402)).toHaveLength(90);
    expect(await usage(user.id)).toMatchObject({ month: 50 });
  });
});
