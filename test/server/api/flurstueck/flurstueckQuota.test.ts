import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADDRESSES } from '#dev/fakes/demoWorld.js';
import { createTestAccount } from '#dev/service/accounts.js';
import { manualClock } from '../../../support/clock.js';
import { MIXED_KENNZEICHEN, SPLIT_KENNZEICHEN } from '../../../support/parcelAnswers.js';
import {
  BAVARIAN_KENNZEICHEN,
  OUTAGE_KENNZEICHEN,
  startParcelApi,
  type ParcelApi,
} from '../../../support/parcelApi.js';

const clock = manualClock('2026-11-02T10:00:00Z');
let api: ParcelApi;
beforeAll(async () => {
  api = await startParcelApi({ clock, plan: 'pro' });
});
afterAll(async () => {
  await api.close();
});

const status = async (query: Record<string, string | string[]>, token?: string) =>
  (await api.get(query, token)).status;

describe('quota of GET /api/flurstueck', () => {
  it('counts a parcel once a month; another use filter or GFZ is a free recalculation', async () => {
    const before = await api.usage();
    expect(await status({ kennzeichen: SPLIT_KENNZEICHEN })).toBe(200);
    expect(await api.usage()).toBe(before + 1);
    expect(await status({ kennzeichen: SPLIT_KENNZEICHEN, gfz: '0,8' })).toBe(200);
    expect(await status({ kennzeichen: SPLIT_KENNZEICHEN, nutzungsart: 'W', gfz: '2' })).toBe(200);
    expect(await api.usage()).toBe(before + 1);
  });

  it('counts another stichtag, another parcel and the same parcel asked by address apart', async () => {
    const before = await api.usage();
    expect(await status({ kennzeichen: SPLIT_KENNZEICHEN, stichtag: '2024-01-01' })).toBe(200);
    expect(await status({ kennzeichen: MIXED_KENNZEICHEN })).toBe(200);
    expect(await status({ address: DEMO_ADDRESSES.hannover })).toBe(200);
    expect(await status({ address: ` ${DEMO_ADDRESSES.hannover}  ` })).toBe(200);
    expect(await api.usage()).toBe(before + 3);
  });

  it('is counted apart from a lookup of the same address', async () => {
    const account = await createTestAccount(api.h.server.ctx, { plan: 'pro' });
    expect(await status({ address: DEMO_ADDRESSES.hannover }, account.token)).toBe(200);
    expect((await api.h.get({ address: DEMO_ADDRESSES.hannover }, account.token)).status).toBe(200);
    expect(await api.usage(account.user.id)).toBe(2);
  });

  it('gives the count back on 451 and 503 and never counts a refused request', async () => {
    const before = await api.usage();
    expect(await status({ kennzeichen: BAVARIAN_KENNZEICHEN })).toBe(451);
    expect(await status({ kennzeichen: OUTAGE_KENNZEICHEN })).toBe(503);
    expect(await status({ kennzeichen: 'zu kurz' })).toBe(400);
    expect(await api.usage()).toBe(before);
  });

  it('records an unknown parcel as a failing lookup, free within the month’s free failures, and its repetition as already answered', async () => {
    const before = await api.usage();
    const asked = api.valuation.queries.length;
    expect(await status({ kennzeichen: '03065100100777______' })).toBe(404);
    expect(await api.usage()).toBe(before);
    // Its repetition this month is recorded, so it is free without a new count.
    expect(await status({ kennzeichen: '03065100100777______' })).toBe(404);
    expect(await api.usage()).toBe(before);
    expect(api.valuation.queries.length).toBe(asked + 2);
  });

  it('answers 402 limit_reached before asking the use case when the trial is over and no plan is booked', async () => {
    const free = await createTestAccount(api.h.server.ctx, { plan: 'free' });
    clock.advance(15 * 24 * 3600_000);
    try {
      const asked = api.valuation.queries.length;
      const res = await api.get({ kennzeichen: SPLIT_KENNZEICHEN }, free.token);
      expect(res.status).toBe(402);
      expect(await res.json()).toMatchObject({ error: 'limit_reached', reason: 'no_active_plan' });
      expect(api.valuation.queries.length).toBe(asked);
    } finally {
      clock.advance(-15 * 24 * 3600_000);
    }
  });
});
