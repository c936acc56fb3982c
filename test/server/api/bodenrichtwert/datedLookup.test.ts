// GET /api/bodenrichtwert?stichtag=YYYY-MM-DD: per zone the value in force on
// that day (Niedersachsen's fake answers the 2024 and the 2026 stichtag).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ADDRESSES } from '#dev/fakes/demoWorld.js';
import { manualClock } from '../../../support/clock.js';
import { startLookupHarness, type LookupHarness } from '../../../support/lookupHarness.js';
import { expectXmlParity } from './xmlParity.js';

const clock = manualClock();
let h: LookupHarness;

beforeAll(async () => {
  clock.set('2026-11-23T10:00:00Z');
  h = await startLookupHarness({ clock, env: { CACHE_HOT_SECONDS: '0' } });
});
afterAll(() => h.close());
beforeEach(() => h.server.ctx.db.sequelize.query('DELETE FROM land_value_cache'));

interface Answer {
  bodenrichtwerte: { bodenrichtwertnummer?: string; stichtag: string; brw_euro_pro_m2: number }[];
  attribution: { text: string };
  cache_hit: boolean;
  abgerufen_am: string;
}

async function at(stichtag: string) {
  const res = await h.get({ address: DEMO_ADDRESSES.hannover, stichtag });
  return {
    status: res.status,
    body: (await res.json()) as Answer & { error?: string; message?: string },
  };
}

const usage = async () =>
  (await h.server.ctx.profiles.getProfile(h.account.user.id))?.usage_this_month ?? -1;

describe('a lookup at a reference date', () => {
  it('answers the stichtag in force: the day itself and the day before', async () => {
    const onTheDay = await at('2026-01-01');
    expect(onTheDay.status).toBe(200);
    expect(new Set(onTheDay.body.bodenrichtwerte.map((e) => e.stichtag))).toEqual(
      new Set(['2026-01-01']),
    );
    const dayBefore = await at('2025-12-31');
    expect(dayBefore.body.bodenrichtwerte.map((e) => [e.stichtag, e.brw_euro_pro_m2])).toEqual([
      ['2024-01-01', 1700],
    ]);
    // The attribution names the year of the newest stichtag answered.
    expect(dayBefore.body.attribution.text).toContain('(2024)');
  });

  it('accepts 29 February of a leap year', async () => {
    expect((await at('2024-02-29')).body.bodenrichtwerte.map((e) => e.stichtag)).toEqual([
      '2024-01-01',
    ]);
  });

  it('answers 404 no_data naming the date when nothing was in force yet', async () => {
    const early = await at('2023-12-31');
    expect(early).toMatchObject({ status: 404, body: { error: 'no_data' } });
    expect(early.body.message).toContain('31.12.2023');
  });

  it.each(['2026-02-29', '2024-13-01', '2024-1-01', '20240101', 'gestern', '2024-01-01T00:00'])(
    'refuses %j with 400 invalid_stichtag',
    async (stichtag) => {
      expect(await at(stichtag)).toMatchObject({
        status: 400,
        body: { error: 'invalid_stichtag' },
      });
    },
  );

  it('refuses a date after today (the calendar day in Germany), before counting', async () => {
    const before = await usage();
    clock.set('2026-11-23T22:59:00Z');
    const tomorrow = await at('2026-11-24');
    expect(tomorrow).toMatchObject({ status: 400, body: { error: 'invalid_stichtag' } });
    expect(tomorrow.body.message).toContain('Zukunft');
    clock.set('2026-11-23T23:00:00Z'); // midnight in Germany: 24 November has begun
    expect((await at('2026-11-24')).status).toBe(200);
    expect(await usage()).toBe(before + 1);
    clock.set('2026-11-23T10:00:00Z');
  });

  it('keeps its own cache entry beside the current values; the date is part of what counts', async () => {
    const before = await usage();
    expect((await at('2025-06-01')).body.cache_hit).toBe(false);
    // The same lookup again this month: from the cache, and free (recalculation).
    expect((await at('2025-06-01')).body.cache_hit).toBe(true);
    expect(await usage()).toBe(before + 1);
    // Another date is another lookup.
    expect((await at('2025-06-02')).body.cache_hit).toBe(false);
    const current = await h.get({ address: DEMO_ADDRESSES.hannover });
    const body = (await current.json()) as Answer;
    expect(body.cache_hit).toBe(false);
    expect(body.bodenrichtwerte.map((e) => e.stichtag)).toContain('2026-01-01');
    expect(await usage()).toBe(before + 3);
  });

  it('names the fetch time of its own cache entry, in the fresh and the cached answer', async () => {
    const fetchedAt = clock.now().toISOString();
    expect((await at('2025-06-01')).body.abgerufen_am).toBe(fetchedAt);
    clock.advance(3600_000);
    const cached = (await at('2025-06-01')).body;
    expect(cached).toMatchObject({ cache_hit: true, abgerufen_am: fetchedAt });
    const current = (await (await h.get({ address: DEMO_ADDRESSES.hannover })).json()) as Answer;
    expect(current.abgerufen_am).toBe(clock.now().toISOString());
  });

  it('answers the same in XML', async () => {
    const query = { address: DEMO_ADDRESSES.hannover, stichtag: '2025-06-01' };
    await h.get(query); // both answers below come from the cache
    const res = await h.get(query);
    await expectXmlParity(h, query, { status: res.status, body: await res.json() });
    const bad = await h.get({ ...query, stichtag: '2026-02-30' });
    await expectXmlParity(
      h,
      { ...query, stichtag: '2026-02-30' },
      {
        status: bad.status,
        body: await bad.json(),
      },
    );
  });
});

describe('how long a dated answer stays fresh', () => {
  it('a settled date (over two years back) stays fresh for a year, a recent one as usual', async () => {
    await at('2024-06-01');
    await at('2025-06-01');
    clock.set('2026-11-26T10:00:00Z'); // three days later: past CACHE_FRESH_SECONDS (one day)
    const settled = (await at('2024-06-01')).body;
    expect(settled).toMatchObject({ cache_hit: true });
    expect(settled).not.toHaveProperty('cache_stale');
    const recent = await h.get({ address: DEMO_ADDRESSES.hannover, stichtag: '2025-06-01' });
    expect(await recent.json()).toMatchObject({ cache_hit: true, cache_stale: true });
    await h.server.ctx.lookup.idle();
    clock.set('2026-11-23T10:00:00Z');
  });
});

describe('a batch at a reference date', () => {
  const batch = (body: unknown) =>
    fetch(`${h.server.url}/api/bodenrichtwert/batch`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${h.account.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('answers every address at the date', async () => {
    const res = await batch({ addresses: [DEMO_ADDRESSES.hannover], stichtag: '2025-06-01' });
    const { results } = (await res.json()) as { results: Answer[] };
    expect(results[0]?.bodenrichtwerte.map((e) => e.stichtag)).toEqual(['2024-01-01']);
  });

  it('refuses an invalid date for the whole batch with 400 invalid_stichtag', async () => {
    const res = await batch({ addresses: [DEMO_ADDRESSES.hannover], stichtag: '2025-02-29' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'invalid_stichtag' });
  });
});
