// The lookup client from source, with injected fetch and storage and the
// workbook's part in memory, against the loopback stand-in: the parts the
// built-bundle tests cannot steer (the batches in flight, the key read once,
// refreshing over kept answers).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAddinSession, SESSION_LIMITS } from '../../../excel-addin/src/addinSession.js';
import { ATTRIBUTIONS_KEY } from '#shared/index.js';
import {
  STORAGE_KEYS,
  type KeyValueStorage,
} from '../../../excel-addin/src/settings/settingsStore.js';
import type { WorkbookPart } from '../../../excel-addin/src/workbook/workbookPart.js';
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
  fetch?: typeof fetch;
  items?: Map<string, string>;
  workbook?: Map<string, string>;
  /** The workbook's custom XML part (its text). */
  part?: { text: string | null };
}

const inMemoryPart = (holder: { text: string | null }): WorkbookPart => ({
  read: async () => holder.text,
  write: async (text) => void (holder.text = text),
});

function sessionWith(options: SessionOptions = {}) {
  const store = countingStorage(
    options.items ??
      new Map([
        [STORAGE_KEYS.apiKey, api.apiKey],
        [STORAGE_KEYS.serviceUrl, api.url],
      ]),
  );
  const workbook = options.workbook ?? new Map<string, string>();
  const part = options.part ?? { text: null };
  const session = createAddinSession({
    storage: store.storage,
    workbook: {
      get: async (key) => workbook.get(key) ?? null,
      set: async (key, value) => void workbook.set(key, value),
    },
    workbookPart: inMemoryPart(part),
    reenter: async () => 0,
    fetch: options.fetch ?? fetch,
    now: () => new Date(),
    sleep: async () => undefined,
    defaultServiceUrl: 'https://brw.example.test',
  });
  return { session, workbook, part, ...store };
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

  it('keeps answers in the workbook for good: a new session on it sends nothing', async () => {
    const first = sessionWith();
    const a = address();
    await first.session.lookups.lookup(a);
    await first.session.answers.flushed();
    expect(api.lookupsOf(a)).toHaveLength(1);
    expect(first.part.text).toContain(a.toLowerCase());

    // "Reopen" on another device: the same workbook part, a new session.
    const reopened = sessionWith({ part: first.part });
    await reopened.session.lookups.lookup(` ${a.toUpperCase()}`);
    expect(api.lookupsOf(a)).toHaveLength(1);
  });

  it('asks again on a refresh and keeps the new answer; a refresh the service fails keeps the kept answer and says why', async () => {
    const { session, part } = sessionWith();
    const a = address();
    await session.lookups.lookup(a);
    api.setScenario(a, { kind: 'found', entries: [entry({ brw_euro_pro_m2: 470 })] });
    const refreshed = await session.lookups.lookup(a, { refresh: true });
    expect(refreshed.bodenrichtwerte[0]?.brw_euro_pro_m2).toBe(470);
    await session.answers.flushed();
    expect(part.text).toContain('470');

    api.setScenario(a, { kind: 'error', code: 'service_error', message: 'Quelle weg' });
    const said: string[] = [];
    session.lookups.onKeptAnswer((message) => said.push(message));
    const kept = await session.lookups.lookup(a, { refresh: true });
    expect(kept.bodenrichtwerte[0]?.brw_euro_pro_m2).toBe(470);
    expect(said).toEqual([expect.stringContaining('Datenquelle nicht erreichbar')]);

    // An answer about the address itself replaces the kept one.
    api.setScenario(a, { kind: 'error', code: 'address_not_found', message: 'Nicht gefunden.' });
    await expect(session.lookups.lookup(a, { refresh: true })).rejects.toMatchObject({
      code: 'address_not_found',
    });
    await expect(session.lookups.lookup(a)).rejects.toMatchObject({ code: 'address_not_found' });
  });

  it('shows kept answers without a key and asks for one only for new addresses', async () => {
    const { session, part } = sessionWith();
    const a = address();
    await session.lookups.lookup(a);
    await session.answers.flushed();
    const keyless = sessionWith({ part, items: new Map() });
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
    const cell = session.lookups.lookup(canceled, { signal: controller.signal });
    const other = session.lookups.lookup(kept);
    controller.abort();
    await expect(cell).rejects.toMatchObject({ message: 'Berechnung abgebrochen.' });
    expect((await other).bodenrichtwerte).toHaveLength(1);
    expect(api.lookupsOf(canceled)).toHaveLength(0);
  });
});
