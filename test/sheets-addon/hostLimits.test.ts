// The add-on within Apps Script's limits, in the stand-in that enforces them:
// 30 seconds per custom-function run with lock waits included, property reads
// counted against the daily quota, cache values measured in bytes of UTF-8.
import { describe, expect, it } from 'vitest';
import { EXCEEDED_MESSAGE } from '#dev/hosts/sheets/executionLimit.js';
import { loadAddon } from '#dev/hosts/sheets/gasRuntime.js';
import { FakeProperties, PROPERTY_READS_PER_DAY } from '#dev/hosts/sheets/storeFakes.js';
import { useAddonWithService } from './support/addonUnderTest.js';
import { longRemarkStreet, testStreet } from './support/lookupFixtures.js';

const addon = useAddonWithService();
const column = (...values: unknown[]) => values.map((value) => [value]);
const streets = (count: number, from = 1) =>
  Array.from({ length: count }, (_, i) => testStreet(from + i));
const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

describe("Google's 30 seconds for a custom function", () => {
  it('the stand-in stops a run at 30 s, and an answer that came later is lost', async () => {
    // The add-on's clock runs 20 times faster: 5 addresses of 400 ms real take 40 s.
    const runtime = await addon.runtime({ clockScale: 20 });
    await addon.service().set({ delayMs: 400 });
    expect(runtime.call('BODENRICHTWERT', column(...streets(5, 500)))).toEqual({
      thrown: EXCEEDED_MESSAGE,
    });
    await addon.service().set({ delayMs: 0 });
    const next = loadAddon(addon.build(), { stores: runtime });
    next.value('BODENRICHTWERT', column(...streets(5, 500)));
    // Nothing of the first run was kept: the addresses were asked again.
    expect(await addon.service().lookups()).toEqual([...streets(5, 500), ...streets(5, 500)]);
  });

  it('a run ends within 30 s, lock waits included, while another execution keeps the lock', async () => {
    // 400 ms per address as the add-on sees it: the time budget is used up by requests,
    // and every lock wait runs to its end because another execution holds the lock.
    const runtime = await addon.runtime({ clockScale: 20 });
    await addon.service().set({ delayMs: 20 });
    runtime.documentLock.heldElsewhere = true;
    const outcome = runtime.call('BODENRICHTWERT', column(...streets(250, 600)));
    expect(outcome).not.toEqual({ thrown: EXCEEDED_MESSAGE });
    expect(runtime.limit.longestRunMs).toBeLessThan(30_000);
    expect(runtime.documentLock.waits.length).toBeGreaterThan(3);
  });
});

describe('the document cache, measured in bytes', () => {
  it('skips an answer too big for one cache entry and shows its value, never #ERROR!', async () => {
    const runtime = await addon.runtime();
    // 60,000 characters, 120 KB of UTF-8: over CacheService's 100 KB per value.
    const address = longRemarkStreet(1, 60_000);
    expect(runtime.value('BODENRICHTWERT', address)).toBe(2001);
    expect(runtime.value('BODENRICHTWERT', column(address, testStreet(1)))).toEqual(
      column(2001, 1001),
    );
    for (const { value } of runtime.documentCache.entries.values()) {
      expect(bytes(value)).toBeLessThanOrEqual(100 * 1024);
      expect(value).not.toContain('üüü');
    }
  });

  it('fills its entries by bytes, so answers full of umlauts fit without an error', async () => {
    const runtime = await addon.runtime();
    // 30 answers of 30,000 characters, 60 KB each: two in one entry would be 120 KB.
    const addresses = Array.from({ length: 30 }, (_, i) => longRemarkStreet(i + 1, 30_000));
    const values = Array.from({ length: 30 }, (_, i) => [2001 + i]);
    expect(runtime.value('BODENRICHTWERT', column(...addresses))).toEqual(values);
    const kept = [...runtime.documentCache.entries.values()].filter(({ value }) =>
      value.includes('Langtextweg'),
    );
    expect(kept.length).toBeGreaterThan(0);
    for (const { value } of kept) expect(bytes(value)).toBeLessThanOrEqual(100 * 1024);
  });
});

describe('property reads against the daily quota', () => {
  it('the stand-in counts reads across executions and refuses them past 50,000 a day', () => {
    const store = new FakeProperties();
    store.setProperty('a', '1');
    store.getProperty('a');
    store.getProperties();
    expect(store.quota.reads).toBe(2);
    store.quota.reads = PROPERTY_READS_PER_DAY;
    expect(() => store.getProperties()).toThrow('Service invoked too many times for one day');
  });

  it('the stand-in refuses a property value over 9 KB and a store over 500 KB, in bytes', () => {
    const store = new FakeProperties();
    expect(() => store.setProperty('a', 'ü'.repeat(5000))).toThrow('Argument too large');
    for (let i = 0; i < 56; i++) store.setProperty(`k${i}`, 'x'.repeat(9000));
    expect(() => store.setProperty('k56', 'x'.repeat(9000))).toThrow('property storage quota');
  });
});
