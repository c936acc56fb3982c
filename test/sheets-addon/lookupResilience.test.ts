// How BODENRICHTWERT spends requests and time: the document cache, 429 with
// Retry-After, and Apps Script's 30-second limit for custom functions.
import { describe, expect, it } from 'vitest';
import { useAddonWithService } from './support/addonUnderTest.js';
import { ADDRESSES, testStreet } from './support/lookupFixtures.js';

const addon = useAddonWithService();
const column = (...values: unknown[]) => values.map((value) => [value]);
const streets = (count: number) => Array.from({ length: count }, (_, i) => testStreet(i + 1));
const values = (count: number) => Array.from({ length: count }, (_, i) => [1000 + i + 1]);

const UNFINISHED =
  'Fehler: Zeitlimit von Google Sheets erreicht – Formel erneut eingeben, um fortzusetzen.';
const RATE_LIMITED = 'Fehler: Zu viele Anfragen – bitte kurz warten und erneut versuchen.';
const SIX_HOURS = 6 * 60 * 60 * 1000;

describe('the document cache', () => {
  it('answers a recalculation of an unchanged range without any request', async () => {
    const runtime = await addon.runtime();
    const range = column(ADDRESSES.berlin, ADDRESSES.frankfurt, testStreet(7));
    const first = runtime.value('BODENRICHTWERT', range);
    const fetchCalls = runtime.urlFetch.calls.length;
    expect(await addon.service().lookups()).toHaveLength(3);

    expect(runtime.value('BODENRICHTWERT', range)).toEqual(first);
    expect(runtime.urlFetch.calls).toHaveLength(fetchCalls);
    expect(await addon.service().lookups()).toHaveLength(3);
  });

  it('serves other land-use codes and fields of a cached address without a request', async () => {
    const runtime = await addon.runtime();
    expect(runtime.value('BODENRICHTWERT', ADDRESSES.berlin)).toBe(9500);
    expect(runtime.value('BODENRICHTWERT', ADDRESSES.berlin, 'M')).toBe(11000);
    expect(runtime.value('BODENRICHTWERT', ADDRESSES.berlin, 'W', 'zonenbezeichnung')).toBe(
      'Mitte',
    );
    expect(await addon.service().lookups()).toEqual([ADDRESSES.berlin]);
  });

  it('keeps values for six hours, then asks again', async () => {
    const runtime = await addon.runtime();
    runtime.value('BODENRICHTWERT', ADDRESSES.berlin);
    runtime.clock.advance(SIX_HOURS - 60_000);
    runtime.value('BODENRICHTWERT', ADDRESSES.berlin);
    expect(await addon.service().lookups()).toHaveLength(1);
    runtime.clock.advance(120_000);
    expect(runtime.value('BODENRICHTWERT', ADDRESSES.berlin)).toBe(9500);
    expect(await addon.service().lookups()).toHaveLength(2);
  });

  it('remembers an unknown address, but not a failed data source', async () => {
    const runtime = await addon.runtime();
    runtime.call('BODENRICHTWERT', ADDRESSES.unknown);
    runtime.call('BODENRICHTWERT', ADDRESSES.unknown);
    expect(await addon.service().lookups()).toHaveLength(1);

    await addon.service().set({ sourceDown: true });
    runtime.call('BODENRICHTWERT', ADDRESSES.frankfurt);
    runtime.call('BODENRICHTWERT', ADDRESSES.frankfurt);
    expect(await addon.service().lookups()).toHaveLength(3);
  });
});

describe('429 Too Many Requests', () => {
  it('waits for Retry-After and asks again for the limited addresses', async () => {
    const runtime = await addon.runtime();
    await addon.service().set({ rateLimit: { count: 2, retryAfterSeconds: 3 } });
    expect(runtime.value('BODENRICHTWERT', column(...streets(3)))).toEqual(values(3));
    expect(runtime.clock.sleeps).toEqual([3000]);
    expect(await addon.service().lookups()).toHaveLength(5);
  });

  it('marks the limited cells when Retry-After does not fit the time budget', async () => {
    const runtime = await addon.runtime();
    await addon.service().set({ rateLimit: { count: 3, retryAfterSeconds: 60 } });
    const result = runtime.value('BODENRICHTWERT', column(...streets(3)));
    expect(result).toEqual(column(RATE_LIMITED, RATE_LIMITED, RATE_LIMITED));
    expect(runtime.clock.sleeps).toEqual([]);

    // Not cached: the next calculation asks again and succeeds.
    expect(runtime.value('BODENRICHTWERT', column(...streets(3)))).toEqual(values(3));
  });
});

describe('the 30-second limit of custom functions', () => {
  it('returns what it has and marks the rest, then continues on the next calculation', async () => {
    // The add-on's clock runs 20 times faster: each batch of 20 slow answers
    // takes about 16 simulated seconds, so a second batch would not end in time.
    const runtime = await addon.runtime({ clockScale: 20 });
    await addon.service().set({ delayMs: 800 });
    const range = column(...streets(25));
    const startedAt = runtime.clock.now();
    const partial = runtime.value('BODENRICHTWERT', range);
    expect(runtime.clock.now() - startedAt).toBeLessThan(30_000);
    expect(partial).toEqual([...values(20), ...Array.from({ length: 5 }, () => [UNFINISHED])]);
    expect(await addon.service().lookups()).toHaveLength(20);

    await addon.service().set({ delayMs: 0 });
    expect(runtime.value('BODENRICHTWERT', range)).toEqual(values(25));
    expect(await addon.service().lookups()).toHaveLength(25);
  });
});
