// The lookup client from source, with injected fetch, clock and storage, against
// the loopback stand-in: the parts the built-bundle tests cannot steer (the
// clock of the cache, the number of requests in flight, the key read once).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAddinSession, SESSION_LIMITS } from '../../../excel-addin/src/addinSession.js';
import { retryAfterMs } from '../../../excel-addin/src/lookup/retryAfter.js';
import {
  STORAGE_KEYS,
  type KeyValueStorage,
} from '../../../excel-addin/src/settings/settingsStore.js';
import { entry, startStandInApi, type StandInApi } from '../support/standInApi.js';

let api: StandInApi;
beforeAll(async () => {
  api = await startStandInApi();
});
afterAll(() => api.close());

function countingStorage(items: Map<string, string>) {
  const reads: string[] = [];
  const storage: KeyValueStorage = {
    getItem: async (key) => (reads.push(key), items.get(key) ?? null),
    setItem: async (key, value) => void items.set(key, value),
    removeItem: async (key) => void items.delete(key),
  };
  return { storage, reads, items };
}

function sessionWith(options: { now?: () => Date; fetch?: typeof fetch } = {}) {
  const store = countingStorage(
    new Map([
      [STORAGE_KEYS.apiKey, api.apiKey],
      [STORAGE_KEYS.serviceUrl, api.url],
    ]),
  );
  const session = createAddinSession({
    storage: store.storage,
    fetch: options.fetch ?? fetch,
    now: options.now ?? (() => new Date()),
    sleep: async () => undefined,
    defaultServiceUrl: 'https://brw.example.test',
  });
  return { session, ...store };
}

let counter = 0;
function address(): string {
  const a = `Prüfweg ${++counter}, 10115 Berlin`;
  api.setScenario(a, { kind: 'found', entries: [entry()] });
  return a;
}

describe('lookup client', () => {
  it('keeps at most the configured number of requests in flight', async () => {
    let inFlight = 0;
    let peak = 0;
    const slowFetch: typeof fetch = async (input, init) => {
      peak = Math.max(peak, ++inFlight);
      await new Promise((r) => setTimeout(r, 20));
      try {
        return await fetch(input, init);
      } finally {
        inFlight--;
      }
    };
    const { session } = sessionWith({ fetch: slowFetch });
    const addresses = Array.from({ length: 12 }, address);
    const results = await Promise.all(addresses.map((a) => session.lookups.lookup(a)));
    expect(results.map((r) => r.bodenrichtwerte[0]?.brw_euro_pro_m2)).toEqual(Array(12).fill(450));
    expect(peak).toBe(SESSION_LIMITS.maxConcurrent);
  });

  it('reads the key from storage once and serves repeats from the cache until it expires', async () => {
    let now = new Date('2026-11-22T08:00:00Z');
    const { session, reads } = sessionWith({ now: () => now });
    const a = address();
    await session.lookups.lookup(a);
    await session.lookups.lookup(`  ${a.toUpperCase()} `);
    expect(api.lookupsOf(a)).toHaveLength(1);
    now = new Date(now.getTime() + SESSION_LIMITS.cacheTtlMs + 1);
    await session.lookups.lookup(a);
    expect(api.lookupsOf(a)).toHaveLength(2);
    expect(reads.sort()).toEqual([STORAGE_KEYS.apiKey, STORAGE_KEYS.serviceUrl]);
  });

  it('uses a newly saved key at once and forgets cached answers', async () => {
    const { session, items } = sessionWith();
    const a = address();
    await session.lookups.lookup(a);
    await session.settings.save({ apiKey: 'brw_other', serviceUrl: api.url });
    expect(items.get(STORAGE_KEYS.apiKey)).toBe('brw_other');
    await expect(session.lookups.lookup(a)).rejects.toMatchObject({ code: 'invalid_token' });
    expect(api.lookupsOf(a).at(-1)?.authorization).toBe('Bearer brw_other');
  });

  it('records the attribution of the latest lookups, newest first, without repeats', async () => {
    const { session } = sessionWith();
    const first = `Quellenweg ${++counter}`;
    const second = `Quellenweg ${++counter}`;
    api.setScenario(first, { kind: 'found', entries: [entry()], owner: 'Amt A' });
    api.setScenario(second, { kind: 'found', entries: [entry()], owner: 'Amt B' });
    await session.lookups.lookup(first);
    await session.lookups.lookup(second);
    await session.lookups.lookup(second);
    const texts = session.attributions.latest().map((seen) => seen.attribution.text);
    expect(texts).toHaveLength(2);
    expect(texts[0]).toContain('Amt B');
    expect(texts[1]).toContain('Amt A');
  });
});

describe('Retry-After', () => {
  const now = new Date('2026-11-22T08:00:00Z');
  it.each([
    ['30', 30_000],
    ['0', 0],
    ['Sun, 22 Nov 2026 08:00:05 GMT', 5_000],
    ['Sun, 22 Nov 2026 07:00:00 GMT', 0],
    ['bald', undefined],
    [null, undefined],
  ])('reads %s as %s ms', (header, expected) => {
    expect(retryAfterMs(header, now)).toBe(expected);
  });
});
