import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADDRESSES } from '#dev/fakes/demoWorld.js';
import { createTestAccount } from '#dev/service/accounts.js';
import { manualClock } from '../../../support/clock.js';
import { expectValidResponse } from '../../../support/openapi.js';
import { startLookupHarness, type LookupHarness } from '../../../support/lookupHarness.js';
import { expectXmlParity } from './xmlParity.js';

const clock = manualClock('2026-11-02T10:00:00Z');
let h: LookupHarness;
beforeAll(async () => {
  h = await startLookupHarness({ clock, plan: 'pro' });
});
afterAll(async () => {
  await h.close();
});

async function usage(accountId = h.account.user.id): Promise<number> {
  return (await h.server.ctx.profiles.getProfile(accountId))?.usage_this_month ?? -1;
}

async function ask(query: Record<string, string>, token?: string) {
  const res = await h.get(query, token);
  const body = (await res.json()) as Record<string, unknown>;
  expectValidResponse('GET', '/api/bodenrichtwert', res.status, body);
  return { status: res.status, body, headers: res.headers };
}

describe('quota of GET /api/bodenrichtwert', () => {
  it('counts a new lookup once; its repetition this month is free and comes from the cache', async () => {
    const before = await usage();
    expect((await ask({ address: DEMO_ADDRESSES.hannover })).status).toBe(200);
    expect(await usage()).toBe(before + 1);
    expect((await ask({ address: DEMO_ADDRESSES.hannover })).body.cache_hit).toBe(true);
    expect(await usage()).toBe(before + 1);
  });

  it.each([
    [DEMO_ADDRESSES.unknown, 404],
    [DEMO_ADDRESSES.hannoverNoZone, 404],
    [DEMO_ADDRESSES.berlin, 404],
    [DEMO_ADDRESSES.kiel, 451],
  ])('gives the count back for %s (%d)', async (address, status) => {
    const before = await usage();
    expect((await ask({ address })).status).toBe(status);
    expect(await usage()).toBe(before);
  });

  it('gives the count back on a 503 and does not count invalid parameters', async () => {
    const before = await usage();
    h.wfs.faults.set('http-500');
    try {
      expect((await ask({ address: DEMO_ADDRESSES.wiesbaden })).status).toBe(503);
    } finally {
      h.wfs.faults.set(undefined);
    }
    expect((await ask({ address: DEMO_ADDRESSES.wiesbaden, nutzungsart: 'LF' })).status).toBe(400);
    expect(await usage()).toBe(before);
  });

  it('answers 402 limit_reached before any upstream call when the trial is over and no plan is booked', async () => {
    const free = await createTestAccount(h.server.ctx, { plan: 'free' });
    clock.advance(15 * 24 * 3600_000);
    try {
      const calls = h.nominatim.calls;
      const answer = await ask({ address: DEMO_ADDRESSES.bremen }, free.token);
      expect(answer.status).toBe(402);
      expect(answer.body).toMatchObject({
        error: 'limit_reached',
        reason: 'no_active_plan',
        upgrade_url: expect.stringContaining('/dashboard/billing') as unknown,
      });
      expect(h.nominatim.calls).toBe(calls);
      // The token as query parameter, as spreadsheet importers send it.
      await expectXmlParity(h, { address: DEMO_ADDRESSES.bremen, token: free.token }, answer, null);
    } finally {
      clock.advance(-15 * 24 * 3600_000);
    }
  });

  it('answers 402 payment_past_due after the grace period', async () => {
    const late = await createTestAccount(h.server.ctx, { plan: 'pro' });
    await h.server.ctx.accounts.setPayment(
      late.user.id,
      'past_due',
      new Date('2026-09-01T00:00:00Z'),
    );
    const answer = await ask({ address: DEMO_ADDRESSES.bremen }, late.token);
    expect(answer.status).toBe(402);
    expect(answer.body.error).toBe('payment_past_due');
  });
});

describe('rate limit of GET /api/bodenrichtwert', () => {
  it('answers 429 rate_limit_exceeded with Retry-After beyond the per-minute limit', async () => {
    const limited = await startLookupHarness({ env: { RATE_LIMIT_PER_MINUTE: '2' } });
    try {
      for (let i = 0; i < 2; i += 1) {
        expect((await limited.get({ address: DEMO_ADDRESSES.hannover })).status).toBe(200);
      }
      const res = await limited.get({ address: DEMO_ADDRESSES.hannover, format: 'xml' });
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await res.text()).toContain('<error>rate_limit_exceeded</error><message>');
    } finally {
      await limited.close();
    }
  });
});
