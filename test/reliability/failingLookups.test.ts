// No free upstream work: lookups that fail (404 no_data, 404 address_not_found)
// cost no quota, but they cost the geocoder and the state services. On
// loopback with the Nominatim and WFS fakes, counting what reaches them: a
// repeated failing address is answered from the caches, and an account's
// free failing lookups end at max(100, its cap) a month, after which a
// failing lookup counts like one answered (the trial's too; Enterprise has
// no cap and stays free).
import { afterEach, describe, expect, it } from 'vitest';
import type { FakePlace } from '#dev/fakes/nominatimFake.js';
import { HANNOVER } from '#dev/fakes/demoWorld.js';
import { GEOCODE_CACHE_MS } from '#server/geocoding/cachedGeocoding.js';
import type { MeResponse } from '#shared/apiTypes.js';
import { manualClock } from '../support/clock.js';
import { startLookupHarness, type LookupHarness } from '../support/lookupHarness.js';
import { FigureBook } from './support/figures.js';

const figures = new FigureBook('failing-lookups');
let h: LookupHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
  figures.write();
});

/** A street the geocoder places in Hannover, 30539, where the WFS fake has no zone. */
const noZone = (n: number) => `Leerweg ${n}, 30539 Hannover`;
/** A street the geocoder does not know. */
const unknown = (n: number) => `Nirgendweg ${n}, 30159 Hannover`;

function resolve(query: string): FakePlace[] {
  const n = /^leerweg (\d+), 30539 hannover$/.exec(query)?.[1];
  if (n === undefined) return [];
  return [
    {
      ...HANNOVER,
      lat: 52.35 + Number(n) * 0.000001,
      lon: 9.82,
      road: 'Leerweg',
      houseNumber: n,
      postcode: '30539',
    },
  ];
}

const upstream = (w: LookupHarness) => ({
  geocoder: w.nominatim.calls,
  state: w.wfs.totalCalls(),
});

async function me(w: LookupHarness): Promise<MeResponse> {
  const res = await fetch(`${w.server.url}/api/me`, {
    headers: { Authorization: `Bearer ${w.account.token}` },
  });
  return (await res.json()) as MeResponse;
}

/** A Starter account without a trial that used 49 of its 50 lookups this month. */
async function starterAt49(w: LookupHarness): Promise<void> {
  await w.server.ctx.accounts.setTrialExpiry(w.account.user.id, null);
  for (let i = 0; i < 49; i += 1) await w.server.ctx.quota.reserve(w.account.user.id);
}

/** 1,000 distinct addresses in 10 batches of 100, as the attack sent them; the statuses seen. */
async function tenBatches(w: LookupHarness, address: (n: number) => string) {
  const statuses = new Map<number, number>();
  for (let batch = 0; batch < 10; batch += 1) {
    const addresses = Array.from({ length: 100 }, (_, i) => address(batch * 100 + i));
    const res = await w.batch({ addresses });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { results: { status: number }[] };
    for (const item of body.results) {
      statuses.set(item.status, (statuses.get(item.status) ?? 0) + 1);
      figures.answer(item.status);
    }
  }
  return Object.fromEntries(statuses);
}

describe('a failing address asked again', () => {
  it('is answered from the caches, like an answered one, also an hour later', async () => {
    const clock = manualClock();
    const w = (h = await startLookupHarness({ clock, resolve }));
    for (const address of [noZone(1), unknown(1)]) {
      for (let i = 0; i < 5; i += 1) {
        expect((await w.get({ address })).status).toBe(404);
        figures.answer(404);
      }
    }
    await w.server.ctx.lookup.idle();
    clock.advance(3600_000);
    expect((await w.get({ address: noZone(1) })).status).toBe(404);
    expect((await w.get({ address: unknown(1) })).status).toBe(404);
    expect(upstream(w)).toEqual({ geocoder: 2, state: 1 });
  });
});

describe('a failing address once the geocode cache has kept it 30 days', () => {
  it('is asked again; while the geocoder is down the expired answer still holds', async () => {
    const clock = manualClock();
    const w = (h = await startLookupHarness({ clock, resolve }));
    expect((await w.get({ address: unknown(1) })).status).toBe(404);
    await w.server.ctx.lookup.idle();
    clock.advance(GEOCODE_CACHE_MS + 1);
    w.nominatim.faults.set('http-503');
    expect((await w.get({ address: unknown(1) })).status).toBe(404);
    const duringOutage = w.nominatim.calls;
    w.nominatim.faults.set(undefined);
    await w.server.ctx.lookup.idle();
    expect((await w.get({ address: unknown(1) })).status).toBe(404);
    expect(w.nominatim.calls).toBe(duringOutage + 1);
  });
});

/** The attack: a Starter at 49 of 50 sends 1,000 distinct failing addresses; what reached upstream. */
async function thousandFailures(what: string, address: (n: number) => string) {
  const w = (h = await startLookupHarness({ plan: 'starter', resolve }));
  await starterAt49(w);
  const statuses = await tenBatches(w, address);
  const reached = upstream(w);
  figures.note(
    `1,000 ${what}, Starter at 49/50: ${reached.geocoder} geocoder, ${reached.state} state ` +
      `requests; answers ${JSON.stringify(statuses)}`,
  );
  return { reached, profile: await me(w) };
}

/** max(100, cap) free failing lookups, and room for the counted ones of a Starter at 49 of 50. */
const BOUND = 110;

describe('the free failing lookups of an account', () => {
  it('end at max(100, cap): 1,000 unknown addresses of a Starter at 49 of 50 reach the geocoder at most 110 times', async () => {
    const { reached, profile } = await thousandFailures('unknown addresses', unknown);
    expect(reached.geocoder + reached.state).toBeLessThanOrEqual(BOUND);
    expect(profile).toMatchObject({
      usage_this_month: 50,
      quota_exhausted: true,
      failed_lookups_this_month: 100,
      free_failed_lookups: 100,
    });
  });

  it('end at max(100, cap) also where the geocoder finds the address and the state has no zone', async () => {
    const { reached, profile } = await thousandFailures('addresses without a zone', noZone);
    // Each failing lookup that runs asks both services once.
    expect(reached.geocoder).toBeLessThanOrEqual(BOUND);
    expect(reached.state).toBeLessThanOrEqual(BOUND);
    expect(profile.usage_this_month).toBe(50);
  });

  it('are counted in the trial the same way, past its 100', async () => {
    const w = (h = await startLookupHarness({ plan: 'free', resolve }));
    for (let n = 0; n < 105; n += 1)
      expect((await w.get({ address: unknown(n) })).status).toBe(404);
    expect(await me(w)).toMatchObject({
      trial_active: true,
      trial_usage: 5,
      usage_this_month: 5,
      failed_lookups_this_month: 100,
      free_failed_lookups: 100,
    });
    // A repeated failing lookup is free like a repeated answer.
    expect((await w.get({ address: unknown(104) })).status).toBe(404);
    expect((await me(w)).trial_usage).toBe(5);
  });

  it('stay free for Enterprise, which has no cap', async () => {
    const w = (h = await startLookupHarness({ plan: 'enterprise', resolve }));
    await w.server.ctx.accounts.setTrialExpiry(w.account.user.id, null);
    for (let n = 0; n < 150; n += 1)
      expect((await w.get({ address: unknown(n) })).status).toBe(404);
    expect(await me(w)).toMatchObject({
      usage_this_month: 0,
      failed_lookups_this_month: 150,
      free_failed_lookups: null,
    });
  });
});
