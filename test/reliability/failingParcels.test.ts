// No free upstream work through the parcel view: a parcel lookup that fails
// (404 parcel_not_found) is kept in the cache like a failing address lookup
// (same lifecycle), so asking it again costs the cadastre nothing, also once
// the month's quota is used up; it counts against the same free failing
// lookups. A grid-sampled parcel (NW: the land-value service answers points
// only) that failed part-way asks on its retry only the points not answered.
// Before, 100 repeats of an unknown Kennzeichen were 100 cadastre requests,
// 30 repeats after 402 were 30, and a retry asked all ~21 grid points again.
import { afterEach, describe, expect, it } from 'vitest';
import { servicePathOf } from '#dev/fakes/cadastreWorld.js';
import type { FlurstueckResponse } from '#shared/parcelTypes.js';
import { manualClock, type ManualClock } from '../support/clock.js';
import { lookupQuery } from '../support/lookupHarness.js';
import { startParcelWorld, type ParcelWorld } from '../support/parcelWorldHarness.js';

/** A Berlin Kennzeichen the cadastre does not hold. */
const UNKNOWN = (n: number) => `1100010019${String(n).padStart(4, '0')}______`;
/** A Berlin street the geocoder places where the cadastre holds no parcel. */
const NO_PARCEL = 'Leerstraße 1, 10117 Berlin';
const NO_PARCEL_PLACE = {
  lat: 52.53,
  lon: 13.39,
  iso: 'DE-BE',
  stateName: 'Berlin',
  road: 'Leerstraße',
  houseNumber: '1',
  postcode: '10117',
  city: 'Berlin',
};

let world: ParcelWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

async function start(
  options: { clock?: ManualClock; plan?: 'starter'; env?: Record<string, string> } = {},
) {
  world = await startParcelWorld({ ...options, places: { [NO_PARCEL]: [NO_PARCEL_PLACE] } });
  return world;
}

async function ask(w: ParcelWorld, query: Record<string, string>) {
  const res = await fetch(`${w.h.server.url}/api/flurstueck?${lookupQuery(query)}`, {
    headers: { Authorization: `Bearer ${w.h.account.token}` },
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const berlinCadastre = (w: ParcelWorld) => w.cadastre.requests(servicePathOf('BE')).length;

async function profile(w: ParcelWorld) {
  const found = await w.h.server.ctx.profiles.getProfile(w.h.account.user.id);
  if (!found) throw new Error('no profile');
  return found;
}

describe('a failing parcel lookup asked again', () => {
  it('costs one cadastre request for 100 repeats of an unknown Kennzeichen, also an hour later, and one free failing lookup', async () => {
    const clock = manualClock();
    const w = await start({ clock });
    const before = await profile(w);
    for (let i = 0; i < 100; i += 1) {
      const answer = await ask(w, { kennzeichen: UNKNOWN(1) });
      expect(answer).toMatchObject({ status: 404, body: { error: 'parcel_not_found' } });
    }
    await w.h.server.ctx.idle();
    clock.advance(3600_000);
    expect((await ask(w, { kennzeichen: UNKNOWN(1) })).status).toBe(404);
    expect(berlinCadastre(w)).toBe(1);
    const after = await profile(w);
    expect(after.usage_this_month).toBe(before.usage_this_month);
    expect(after.failed_lookups_this_month).toBe(before.failed_lookups_this_month + 1);
  });

  it('costs one cadastre request for 100 repeats of an address without a parcel', async () => {
    const w = await start();
    const before = await profile(w);
    for (let i = 0; i < 100; i += 1) {
      const answer = await ask(w, { address: NO_PARCEL });
      expect(answer).toMatchObject({ status: 404, body: { error: 'parcel_not_found' } });
    }
    expect(berlinCadastre(w)).toBe(1);
    expect(w.h.nominatim.calls).toBe(1);
    const after = await profile(w);
    expect(after.usage_this_month).toBe(before.usage_this_month);
    expect(after.failed_lookups_this_month).toBe(before.failed_lookups_this_month + 1);
  });

  it('never reaches the cadastre again once the quota is used up: new ones 402, repeats from the cache', async () => {
    const w = await start({ plan: 'starter' });
    const id = w.h.account.user.id;
    await w.h.server.ctx.accounts.setTrialExpiry(id, null);
    expect((await ask(w, { kennzeichen: UNKNOWN(2) })).status).toBe(404);
    expect((await ask(w, { address: NO_PARCEL })).status).toBe(404);
    for (let i = 0; i < 50; i += 1) await w.h.server.ctx.quota.reserve(id);
    expect((await profile(w)).quota_exhausted).toBe(true);
    const reached = berlinCadastre(w);
    expect(reached).toBe(2);
    expect((await ask(w, { kennzeichen: UNKNOWN(3) })).status).toBe(402);
    for (let i = 0; i < 30; i += 1) {
      expect((await ask(w, { kennzeichen: UNKNOWN(2) })).status).toBe(404);
      expect((await ask(w, { address: NO_PARCEL })).status).toBe(404);
    }
    expect(berlinCadastre(w)).toBe(reached);
  });
});

describe('a grid-sampled parcel in a partial outage of the land-value service', () => {
  it('asks on its retry only the points not answered before', { timeout: 60_000 }, async () => {
    // One request at a time, so which points fail is certain: each point is tried twice
    // (the upstream client's one retry), so the first FAULTS requests fail FAULTS / 2 points.
    // The timeout covers the line of ~20 points on a loaded machine.
    const w = await start({ env: { SOURCE_MAX_CONCURRENCY: '1', UPSTREAM_TIMEOUT_MS: '5000' } });
    const nw = w.parcels.find((p) => p.state === 'NW');
    if (!nw?.address) throw new Error('no NW demo parcel');
    // The service's self-description is read once, before the faults.
    expect((await w.h.get({ address: nw.address })).status).toBe(200);
    const start0 = w.fakes.calls('DE-NW');
    const FAULTS = 4;
    w.fakes.faults('DE-NW').set('http-500', FAULTS);
    const first = await ask(w, { kennzeichen: nw.kennzeichen });
    expect(first).toMatchObject({ status: 503, body: { error: 'service_error' } });
    const firstCalls = w.fakes.calls('DE-NW') - start0;
    w.fakes.faults('DE-NW').set(undefined);
    const retry = await ask(w, { kennzeichen: nw.kennzeichen });
    expect(retry.status).toBe(200);
    const answer = retry.body as unknown as FlurstueckResponse;
    const samples = answer.anteile.stichproben ?? 0;
    expect(answer.anteile.verfahren).toBe('rasterstichprobe');
    expect(samples).toBeGreaterThan(FAULTS);
    const retryCalls = w.fakes.calls('DE-NW') - start0 - firstCalls;
    expect(firstCalls).toBe(samples + FAULTS / 2);
    expect(retryCalls).toBe(FAULTS / 2);
    expect(answer.zonen.length).toBeGreaterThan(0);
  });
});
