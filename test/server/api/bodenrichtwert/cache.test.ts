import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ADDRESSES } from '#dev/fakes/demoWorld.js';
import { FAULT_MODES } from '#dev/fakes/faults.js';
import { manualClock } from '../../../support/clock.js';
import { expectValidResponse } from '../../../support/openapi.js';
import { startLookupHarness, type LookupHarness } from '../../../support/lookupHarness.js';
import { expectXmlParity } from './xmlParity.js';

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const clock = manualClock('2026-11-22T10:00:00Z');
let h: LookupHarness;

beforeAll(async () => {
  h = await startLookupHarness({
    clock,
    // Rows are deleted and aged directly in the table: no in-process copy.
    env: { UPSTREAM_TIMEOUT_MS: '300', CACHE_HOT_SECONDS: '0' },
  });
});
afterAll(async () => {
  await h.close();
});
beforeEach(async () => {
  h.wfs.faults.set(undefined);
  h.nominatim.faults.set(undefined);
  h.wfs.latencyMs = 0;
  h.nominatim.latencyMs = 0;
  await h.server.ctx.lookup.idle();
  await h.server.ctx.db.sequelize.query('DELETE FROM land_value_cache');
});

async function lookup(
  query: Record<string, string | string[]> = { address: DEMO_ADDRESSES.hannover },
) {
  const res = await h.get(query);
  const body = (await res.json()) as Record<string, unknown>;
  expectValidResponse('GET', '/api/bodenrichtwert', res.status, body);
  return { status: res.status, body };
}

const wfsCalls = () => h.wfs.calls('/ni');

describe('land-value cache lifecycle (§3)', () => {
  it('serves a fresh entry (up to 24 h) without asking the source, otherwise identical', async () => {
    const first = await lookup();
    const calls = wfsCalls();
    clock.advance(24 * HOUR);
    const second = await lookup();
    expect(wfsCalls()).toBe(calls);
    expect(first.body.cache_hit).toBe(false);
    expect(second.body).toEqual({ ...first.body, cache_hit: true });
    expect(second.body).not.toHaveProperty('cache_stale');
  });

  it('names when the values were fetched: the same in the fresh and every cached answer', async () => {
    const fetchedAt = clock.now().toISOString();
    const fresh = await lookup();
    clock.advance(3 * HOUR);
    const cached = await lookup();
    const asXml = await h.get({ address: DEMO_ADDRESSES.hannover, format: 'xml' });
    expect(fresh.body).toMatchObject({ cache_hit: false, abgerufen_am: fetchedAt });
    expect(cached.body).toMatchObject({ cache_hit: true, abgerufen_am: fetchedAt });
    expect(await asXml.text()).toContain(`<abgerufen_am>${fetchedAt}</abgerufen_am>`);
    // A stale answer still names the old fetch; the renewed one its own.
    clock.advance(22 * HOUR);
    expect((await lookup()).body).toMatchObject({ cache_stale: true, abgerufen_am: fetchedAt });
    const renewedAt = clock.now().toISOString();
    await h.server.ctx.lookup.idle();
    clock.advance(HOUR);
    expect((await lookup()).body).toMatchObject({ cache_hit: true, abgerufen_am: renewedAt });
  });

  it('holds the full data set and filters on every read', async () => {
    await lookup({ address: DEMO_ADDRESSES.hannover, nutzungsart: 'M' });
    const calls = wfsCalls();
    const all = await lookup();
    expect(wfsCalls()).toBe(calls);
    expect((all.body.bodenrichtwerte as unknown[]).length).toBe(3);
  });

  it('serves a stale entry marked cache_stale and renews it in the background exactly once', async () => {
    await lookup();
    clock.advance(25 * HOUR);
    const calls = wfsCalls();
    h.wfs.latencyMs = 100;
    const answers = await Promise.all(Array.from({ length: 20 }, () => lookup()));
    for (const answer of answers) {
      expect(answer.body).toMatchObject({ cache_hit: true, cache_stale: true });
    }
    await h.server.ctx.lookup.idle();
    expect(wfsCalls()).toBe(calls + 1);
    const renewed = await lookup();
    expect(renewed.body.cache_hit).toBe(true);
    expect(renewed.body).not.toHaveProperty('cache_stale');
    expect(wfsCalls()).toBe(calls + 1);
  });

  it('discards an entry older than 30 days and fetches it fresh', async () => {
    await lookup();
    clock.advance(30 * DAY + 1);
    const calls = wfsCalls();
    const answer = await lookup();
    expect(answer.body.cache_hit).toBe(false);
    expect(wfsCalls()).toBe(calls + 1);
  });

  it('serves the stale entry while the source is down, then recovers', async () => {
    await lookup();
    clock.advance(3 * DAY);
    h.wfs.faults.set('http-503');
    const down = await lookup();
    expect(down.status).toBe(200);
    expect(down.body).toMatchObject({ cache_hit: true, cache_stale: true });
    await h.server.ctx.lookup.idle();
    const stillDown = await lookup();
    expect(stillDown.body).toMatchObject({ cache_stale: true });
    await h.server.ctx.lookup.idle();
    await expectXmlParity(h, { address: DEMO_ADDRESSES.hannover }, stillDown);
    await h.server.ctx.lookup.idle();

    h.wfs.faults.set(undefined);
    const firstAfter = await lookup();
    expect(firstAfter.body).toMatchObject({ cache_hit: true, cache_stale: true });
    await h.server.ctx.lookup.idle();
    const next = await lookup();
    expect(next.body.cache_hit).toBe(true);
    expect(next.body).not.toHaveProperty('cache_stale');
  });

  it.each(FAULT_MODES)('answers 503 service_error for %s when nothing is cached', async (mode) => {
    h.wfs.faults.set(mode);
    const answer = await lookup();
    expect(answer.status).toBe(503);
    expect(answer.body.error).toBe('service_error');
    await expectXmlParity(h, { address: DEMO_ADDRESSES.hannover }, answer);
  });

  it('answers 503 when the only cached entry is older than 30 days and the source is down', async () => {
    await lookup();
    clock.advance(31 * DAY);
    h.wfs.faults.set('reset');
    expect((await lookup()).status).toBe(503);
  });
});

describe('geocoding cache', () => {
  it('geocodes a normalised address once within 30 days, then asks again', async () => {
    const address = 'Obernstraße 20, 28195 Bremen';
    await lookup({ address });
    const calls = h.nominatim.calls;
    await lookup({ address: '  obernstraße   20, 28195 BREMEN ' });
    expect(h.nominatim.calls).toBe(calls);
    clock.advance(31 * DAY);
    await lookup({ address });
    expect(h.nominatim.calls).toBe(calls + 1);
  });

  it('uses an expired geocoding while the geocoder is down', async () => {
    await lookup({ address: DEMO_ADDRESSES.wiesbaden });
    clock.advance(40 * DAY);
    h.nominatim.faults.set('hang');
    expect((await lookup({ address: DEMO_ADDRESSES.wiesbaden })).status).toBe(200);
  });
});

describe('single flight', () => {
  it('100 concurrent identical cold lookups cost one geocoder call and one source call', async () => {
    const address = 'Obernstraße 20, 28195 Bremen ';
    const places = h.nominatim.calls;
    const calls = h.wfs.calls('/hb');
    clock.advance(60 * DAY); // the geocoding cache of earlier tests has expired
    h.nominatim.latencyMs = 50;
    h.wfs.latencyMs = 100;
    const answers = await Promise.all(Array.from({ length: 100 }, () => lookup({ address })));
    expect(answers.every((a) => a.status === 200 && a.body.cache_hit === false)).toBe(true);
    expect(h.nominatim.calls - places).toBe(1);
    expect(h.wfs.calls('/hb') - calls).toBe(1);
  });
});

describe('configurable ages', () => {
  it('honours CACHE_FRESH_SECONDS and CACHE_MAX_AGE_SECONDS', async () => {
    const short = manualClock('2026-11-22T10:00:00Z');
    const other = await startLookupHarness({
      clock: short,
      env: { CACHE_FRESH_SECONDS: '60', CACHE_MAX_AGE_SECONDS: '120' },
    });
    try {
      const ask = async () =>
        (await (await other.get({ address: DEMO_ADDRESSES.hannover })).json()) as Record<
          string,
          unknown
        >;
      expect((await ask()).cache_hit).toBe(false);
      short.advance(61_000);
      expect(await ask()).toMatchObject({ cache_hit: true, cache_stale: true });
      await other.server.ctx.lookup.idle();
      short.advance(121_000);
      expect((await ask()).cache_hit).toBe(false);
    } finally {
      await other.close();
    }
  });
});
