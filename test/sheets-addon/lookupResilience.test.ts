// How BODENRICHTWERT spends requests and time: the document cache, 429 with
// Retry-After, and Apps Script's 30-second limit for custom functions.
import { describe, expect, it } from 'vitest';
import { useAddonWithService } from './support/addonUnderTest.js';
import { loadAddon } from '#dev/hosts/sheets/gasRuntime.js';
import { ADDRESSES, testStreet } from './support/lookupFixtures.js';

const addon = useAddonWithService();
const column = (...values: unknown[]) => values.map((value) => [value]);
const streets = (count: number, from = 1) =>
  Array.from({ length: count }, (_, i) => testStreet(from + i));
const values = (count: number, from = 1) =>
  Array.from({ length: count }, (_, i) => [1000 + from + i]);

const RATE_LIMITED = 'Fehler: Zu viele Anfragen – bitte kurz warten und erneut versuchen.';
const SIX_HOURS = 6 * 60 * 60 * 1000;
const pending = (open: number) =>
  `Wird geladen: noch ${open} Adressen – die geöffnete Seitenleiste lädt sie nach, sonst Erweiterungen › Bodenrichtwert › Fehlende Werte laden.`;

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

  it('keeps a column of 1,500 addresses in a few cache entries, so a reload asks nothing', async () => {
    const runtime = await addon.runtime();
    const range = column(...streets(1500));
    // Each run answers what fits its time budget; the next one continues.
    let result: unknown;
    for (let run = 0; run < 10; run++) {
      const next = loadAddon(addon.build(), { stores: runtime });
      result = next.value('BODENRICHTWERT', range);
      if (!JSON.stringify(result).includes('Fehler')) break;
    }
    expect(result).toEqual(values(1500));
    expect(await addon.service().lookups()).toHaveLength(1500);
    // CacheService holds about 1,000 entries: the answers share a few.
    // 64 buckets, the list of runs and this run's progress.
    expect(runtime.documentCache.entries.size).toBeLessThanOrEqual(66);

    const reopened = loadAddon(addon.build(), { stores: runtime });
    expect(reopened.value('BODENRICHTWERT', range)).toEqual(values(1500));
    expect(reopened.urlFetch.calls).toHaveLength(0);
  }, 60_000);

  it('serves other land-use codes and fields of a cached address without a request', async () => {
    const runtime = await addon.runtime();
    expect(runtime.value('BODENRICHTWERT', ADDRESSES.berlin)).toBe(9500);
    expect(runtime.value('BODENRICHTWERT', ADDRESSES.berlin, 'M')).toBe(11000);
    expect(runtime.value('BODENRICHTWERT', ADDRESSES.berlin, 'W', 'zonenbezeichnung')).toBe(
      'Mitte',
    );
    expect(await addon.service().lookups()).toEqual([ADDRESSES.berlin]);
  });

  it('keeps answers six hours: another field of the address then asks again, the cell keeps its value', async () => {
    const runtime = await addon.runtime();
    runtime.value('BODENRICHTWERT', ADDRESSES.berlin);
    runtime.clock.advance(SIX_HOURS - 60_000);
    expect(runtime.value('BODENRICHTWERT', ADDRESSES.berlin, 'W', 'stichtag')).toBe('2026-01-01');
    expect(await addon.service().lookups()).toHaveLength(1);
    runtime.clock.advance(120_000);
    expect(runtime.value('BODENRICHTWERT', ADDRESSES.berlin, 'M')).toBe(11000);
    expect(await addon.service().lookups()).toHaveLength(2);
    // The value a cell showed is the spreadsheet's record, not the cache's.
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
  it('waits for Retry-After and sends the batch again', async () => {
    const runtime = await addon.runtime();
    await addon.service().set({ rateLimit: { count: 1, retryAfterSeconds: 3 } });
    expect(runtime.value('BODENRICHTWERT', column(...streets(3)))).toEqual(values(3));
    expect(runtime.clock.sleeps).toEqual([3000]);
    expect(await addon.service().batches()).toEqual([streets(3), streets(3)]);
  });

  it('marks the limited cells when Retry-After does not fit the time budget', async () => {
    const runtime = await addon.runtime();
    await addon.service().set({ rateLimit: { count: 1, retryAfterSeconds: 60 } });
    const result = runtime.value('BODENRICHTWERT', column(...streets(3)));
    expect(result).toEqual(column(RATE_LIMITED, RATE_LIMITED, RATE_LIMITED));
    expect(runtime.clock.sleeps).toEqual([]);

    // Not cached: the next calculation asks again and succeeds.
    expect(runtime.value('BODENRICHTWERT', column(...streets(3)))).toEqual(values(3));
  });
});

describe('the 30-second limit of custom functions', () => {
  it('measures with a small first chunk, stops well before the limit and continues next time', async () => {
    // The add-on's clock runs 20 times faster; each address takes 20 ms real,
    // 400 ms as the add-on sees it, so 250 addresses need several runs.
    const runtime = await addon.runtime({ clockScale: 20 });
    await addon.service().set({ delayMs: 20 });
    const range = column(...streets(250));
    const startedAt = runtime.clock.now();
    const partial = runtime.call('BODENRICHTWERT', range);
    expect(runtime.clock.now() - startedAt).toBeLessThan(25_000);

    const batches = await addon.service().batches();
    expect(batches[0]).toHaveLength(5);
    const asked = batches.flat().length;
    expect(asked).toBeGreaterThan(20);
    expect(asked).toBeLessThan(250);
    // Not final yet: the whole formula says so, with the addresses still open.
    expect(partial).toEqual({ thrown: pending(250 - asked) });

    // The next calculation asks only for the rest.
    await addon.service().set({ delayMs: 0 });
    expect(runtime.value('BODENRICHTWERT', range)).toEqual(values(250));
    const later = (await addon.service().batches()).slice(batches.length).flat();
    expect(later).toEqual(streets(250 - asked, asked + 1));
  });

  it('has kept every answered chunk when the run ends abruptly', async () => {
    const runtime = await addon.runtime();
    const range = column(...streets(40, 300));
    // The third request never comes back, as when Google ends the script.
    runtime.urlFetch.failFrom(3);
    runtime.call('BODENRICHTWERT', range);
    const answered = (await addon.service().batches()).flat();
    expect(answered).toEqual(streets(25, 300)); // chunks of 5 and 20

    const next = loadAddon(addon.build(), { stores: runtime });
    expect(next.value('BODENRICHTWERT', range)).toEqual(values(40, 300));
    expect((await addon.service().batches()).slice(2).flat()).toEqual(streets(15, 325));
  });
});

describe('a service slower than the batch wait', () => {
  it('asks within the time left, shows the formula pending and fills it on the next run free of charge', async () => {
    const runtime = await addon.runtime();
    await addon.service().set({ readyPerBatch: 2 });
    const range = column(...streets(5, 900));
    // Pending cells are not final values: the formula shows #ERROR! until they are in.
    expect(runtime.call('BODENRICHTWERT', range)).toEqual({ thrown: pending(3) });
    expect(runtime.value('getProgress')).toEqual({ total: 5, done: 2, failed: 0, pending: 3 });
    // The service may run at most what is left of the 20 s budget, far from Google's 30 s.
    const sent = await addon.service().lookups();
    const waits = (await addon.service().requests())
      .filter((r) => r.path === '/api/bodenrichtwert/batch')
      .map((r) => Number(/^wait=(\d+)$/.exec(r.prefer ?? '')?.[1]));
    expect(waits.length).toBeGreaterThan(0);
    expect(waits.every((wait) => wait >= 1 && wait <= 20)).toBe(true);

    // The sidebar's refresh runs the formula again: only the pending addresses are asked.
    await addon.service().set({ readyPerBatch: null });
    const next = loadAddon(addon.build(), { stores: runtime });
    expect(next.value('BODENRICHTWERT', range)).toEqual(values(5, 900));
    const asked = (await addon.service().lookups()).slice(sent.length);
    expect(asked.sort()).toEqual(streets(3, 902).sort());
  });
});

describe('formulas of one spreadsheet recalculating at once', () => {
  it('write the cache buckets and the attributions only under the document lock, with a bounded wait', async () => {
    const runtime = await addon.runtime();
    const underLock: boolean[] = [];
    const putAll = runtime.documentCache.putAll.bind(runtime.documentCache);
    runtime.documentCache.putAll = (values, ttl) => {
      underLock.push(runtime.documentLock.hasLock());
      putAll(values, ttl);
    };
    const setProperty = runtime.documentProperties.setProperty.bind(runtime.documentProperties);
    runtime.documentProperties.setProperty = (key, value) => {
      underLock.push(runtime.documentLock.hasLock());
      return setProperty(key, value);
    };
    runtime.value('BODENRICHTWERT', column(ADDRESSES.berlin, ADDRESSES.frankfurt));
    expect(underLock.length).toBeGreaterThan(2);
    expect(underLock.every(Boolean)).toBe(true);
    expect(runtime.documentLock.hasLock()).toBe(false);
    expect(new Set(runtime.documentLock.waits)).toEqual(new Set([3000]));
  });

  it('answer while another execution holds the lock, keep their answers in the record and name the source', async () => {
    const runtime = await addon.runtime();
    runtime.documentLock.heldElsewhere = true;
    const range = column(testStreet(71), testStreet(72));
    expect(runtime.value('BODENRICHTWERT', range)).toEqual(values(2, 71));
    expect(runtime.documentProperties.getProperty('brw.attributions')).not.toBeNull();
    // The document cache kept nothing, but the record (one property per answer,
    // no lock needed) did: the next run asks nothing.
    runtime.documentLock.heldElsewhere = false;
    const before = (await addon.service().lookups()).length;
    const next = loadAddon(addon.build(), { stores: runtime });
    expect(next.value('BODENRICHTWERT', range)).toEqual(values(2, 71));
    expect(await addon.service().lookups()).toHaveLength(before);
  });
});
