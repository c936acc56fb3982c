// The lookup client from source, with injected fetch, clock and storage, against
// the loopback stand-in: the parts the built-bundle tests cannot steer (the
// clock of the kept answers, the batches in flight, the key read once).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAddinSession, SESSION_LIMITS } from '../../../excel-addin/src/addinSession.js';
import { ANSWERS_STORAGE_KEY } from '../../../excel-addin/src/lookup/answerStore.js';
import { ATTRIBUTIONS_KEY } from '#shared/index.js';
import {
  STORAGE_KEYS,
  type KeyValueStorage,
} from '../../../excel-addin/src/settings/settingsStore.js';
import { FOUND_ANSWER_TTL_MS } from '#shared/index.js';
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

interface SessionOptions {
  now?: () => Date;
  fetch?: typeof fetch;
  items?: Map<string, string>;
  workbook?: Map<string, string>;
}

function sessionWith(options: SessionOptions = {}) {
  const store = countingStorage(
    options.items ??
      new Map([
        [STORAGE_KEYS.apiKey, api.apiKey],
        [STORAGE_KEYS.serviceUrl, api.url],
      ]),
  );
  const workbook = options.workbook ?? new Map<string, string>();
  const session = createAddinSession({
    storage: store.storage,
    workbook: {
      get: async (key) => workbook.get(key) ?? null,
      set: async (key, value) => void workbook.set(key, value),
    },
    fetch: options.fetch ?? fetch,
    now: options.now ?? (() => new Date()),
    sleep: async () => undefined,
    defaultServiceUrl: 'https://brw.example.test',
  });
  return { session, workbook, ...store };
}

let counter = 0;
function address(owner?: string): string {
  const a = `Prüfweg ${++counter}, 10115 Berlin`;
  api.setScenario(a, { kind: 'found', entries: [entry()], ...(owner ? { owner } : {}) });
  return a;
}

describe('lookup client', () => {
  it('sends distinct addresses in batches of at most 100, at most two at once', async () => {
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
    const before = api.batches().length;
    const addresses = Array.from({ length: 450 }, () => address());
    const cells = [...addresses, ...addresses.slice(0, 50).map((a) => ` ${a.toUpperCase()}`)];
    const results = await Promise.all(cells.map((a) => session.lookups.lookup(a)));
    expect(results.map((r) => r.bodenrichtwerte[0]?.brw_euro_pro_m2)).toEqual(Array(500).fill(450));
    const sizes = api
      .batches()
      .slice(before)
      .map((batch) => batch.addresses.length);
    expect(sizes).toEqual([100, 100, 100, 100, 50]);
    expect(peak).toBe(SESSION_LIMITS.maxParallelBatches);
  });

  it('keeps answers across sessions until the fresh-cache window ends, then asks again', async () => {
    let now = new Date('2026-11-22T08:00:00Z');
    const first = sessionWith({ now: () => now });
    const a = address();
    await first.session.lookups.lookup(a);
    expect(api.lookupsOf(a)).toHaveLength(1);
    expect(first.items.get(ANSWERS_STORAGE_KEY)).toContain(a);

    // "Reopen": a new session on the same device storage sends nothing.
    const reopened = sessionWith({ now: () => now, items: first.items });
    await reopened.session.lookups.lookup(a.toLowerCase());
    expect(api.lookupsOf(a)).toHaveLength(1);

    now = new Date(now.getTime() + FOUND_ANSWER_TTL_MS + 1);
    const later = sessionWith({ now: () => now, items: first.items });
    await later.session.lookups.lookup(a);
    expect(api.lookupsOf(a)).toHaveLength(2);
  });

  it('bounds the kept answers in count and size: the oldest go first', async () => {
    const { session, items } = sessionWith();
    const addresses = Array.from({ length: SESSION_LIMITS.maxStoredAnswers + 3 }, () => address());
    await Promise.all(addresses.map((a) => session.lookups.lookup(a)));
    const last = addresses.at(-1) ?? '';
    await expect.poll(() => items.get(ANSWERS_STORAGE_KEY) ?? '').toContain(last);
    const text = items.get(ANSWERS_STORAGE_KEY) ?? '';
    expect(text.length).toBeLessThanOrEqual(SESSION_LIMITS.maxStoredChars);
    const kept = Object.keys(JSON.parse(text) as Record<string, unknown>);
    expect(kept.length).toBeLessThanOrEqual(SESSION_LIMITS.maxStoredAnswers);
    expect(kept.length).toBeGreaterThan(1000);
    expect(text).not.toContain(`${addresses[0]}"`);
  }, 60_000);

  it('shows kept answers without a key and asks for one only for new addresses', async () => {
    const { session, items } = sessionWith();
    const a = address();
    await session.lookups.lookup(a);
    items.delete(STORAGE_KEYS.apiKey);
    const keyless = sessionWith({ items });
    expect((await keyless.session.lookups.lookup(a)).bodenrichtwerte).toHaveLength(1);
    await expect(keyless.session.lookups.lookup(address())).rejects.toMatchObject({
      code: 'missing_token',
    });
  });

  it('reads the key from storage once and uses a newly saved key at once', async () => {
    const { session, reads, items } = sessionWith();
    await session.lookups.lookup(address());
    await session.lookups.lookup(address());
    expect(reads.filter((key) => key === STORAGE_KEYS.apiKey)).toHaveLength(1);
    await session.settings.save({ apiKey: 'brw_other', serviceUrl: api.url });
    expect(items.get(STORAGE_KEYS.apiKey)).toBe('brw_other');
    const b = address();
    await expect(session.lookups.lookup(b)).rejects.toMatchObject({ code: 'invalid_token' });
    expect(api.lookupsOf(b).at(-1)?.authorization).toBe('Bearer brw_other');
  });

  it('keeps the attribution of every source in the workbook, newest first, without repeats', async () => {
    const { session, workbook } = sessionWith();
    const first = address('Amt A');
    const second = address('Amt B');
    await session.lookups.lookup(first);
    await session.lookups.lookup(second);
    await session.lookups.lookup(first);
    const texts = session.attributions.latest().map((attribution) => attribution.text);
    expect(texts).toHaveLength(2);
    expect(texts[0]).toContain('Amt B');
    expect(texts[1]).toContain('Amt A');
    await expect.poll(() => workbook.get(ATTRIBUTIONS_KEY)).toContain('Amt A');

    // The reopened workbook shows them before any lookup.
    const reopened = sessionWith({ workbook });
    expect((await reopened.session.attributions.load()).map((a) => a.text)).toEqual(texts);
  });

  it('stops waiting for a canceled cell and leaves its address out of the batch', async () => {
    const { session } = sessionWith();
    const canceled = address();
    const kept = address();
    const controller = new AbortController();
    const cell = session.lookups.lookup(canceled, controller.signal);
    const other = session.lookups.lookup(kept);
    controller.abort();
    await expect(cell).rejects.toMatchObject({ message: 'Berechnung abgebrochen.' });
    expect((await other).bodenrichtwerte).toHaveLength(1);
    expect(api.lookupsOf(canceled)).toHaveLength(0);
  });
});
