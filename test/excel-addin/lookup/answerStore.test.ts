// The answers kept in OfficeRuntime.storage when the storage is full or fails:
// the oldest go first, the task pane is told, and one answer never exceeds
// its stated size.
import { describe, expect, it } from 'vitest';
import type { BodenrichtwertResponse, LookupOutcome } from '#shared/index.js';
import {
  ANSWERS_STORAGE_KEY,
  STORAGE_FAILED_TEXT,
  STORAGE_FULL_TEXT,
  createAnswerStore,
} from '../../../excel-addin/src/lookup/answerStore.js';
import type { KeyValueStorage } from '../../../excel-addin/src/settings/settingsStore.js';
import { entry } from '../support/standInApi.js';

const URL = 'https://brw.example.de';
const now = () => new Date('2026-11-22T10:00:00Z');

const found = (address: string, note = ''): LookupOutcome => ({
  kind: 'found',
  response: {
    address_input: address,
    address_resolved: address,
    coordinates: { lat: 52.5, lon: 13.4 },
    geocoding: { source: 'geocoder', match: 'geocoder' },
    bodenrichtwerte: [entry({ zonenbezeichnung: note })],
    cache_hit: false,
    abgerufen_am: '2026-11-22T09:00:00.000Z',
    attribution: { text: 't', license_url: 'u', source_url: 's', year: 2025 },
    disclaimer: 'd',
  } satisfies BodenrichtwertResponse,
});

/** A storage that refuses values longer than `capacity` characters, as a full quota does. */
function limitedStorage(capacity: number) {
  const items = new Map<string, string>();
  const storage: KeyValueStorage = {
    getItem: async (key) => items.get(key) ?? null,
    setItem: async (key, value) => {
      if (value.length > capacity) throw new Error('QuotaExceededError');
      items.set(key, value);
    },
    removeItem: async (key) => void items.delete(key),
  };
  return { storage, items };
}

const limits = { maxEntries: 100, maxChars: 1_000_000, maxRecordChars: 5_000 };

function keptKeys(items: Map<string, string>): string[] {
  const stored = JSON.parse(items.get(ANSWERS_STORAGE_KEY) ?? '{}') as Record<string, unknown>;
  return Object.keys(stored).map((id) => id.split('\n')[1] ?? '');
}

describe('the kept answers', () => {
  it('make room in a full storage by removing the oldest, and say so', async () => {
    const { storage, items } = limitedStorage(12_000);
    const store = createAnswerStore(storage, now, limits);
    const troubles: string[] = [];
    store.onTrouble((text) => troubles.push(text));
    for (let i = 0; i < 20; i++) store.put(URL, new Map([[`a${i}`, found(`Adresse ${i}`)]]));
    await store.flushed();
    const kept = keptKeys(items);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThan(20);
    // The newest stay, the oldest went.
    expect(kept).toContain('a19');
    expect(kept).not.toContain('a0');
    expect(troubles).toContain(STORAGE_FULL_TEXT);
    expect(await store.get(URL, 'a19')).toMatchObject({ kind: 'found' });
  });

  it('say so when the storage keeps failing, and still answer from memory this session', async () => {
    const { storage } = limitedStorage(0);
    const store = createAnswerStore(storage, now, limits);
    const troubles: string[] = [];
    store.onTrouble((text) => troubles.push(text));
    store.put(URL, new Map([['a', found('Adresse a')]]));
    await store.flushed();
    expect(troubles).toEqual([STORAGE_FAILED_TEXT]);
  });

  it('never keep one answer larger than the stated size', async () => {
    const { storage, items } = limitedStorage(1_000_000);
    const store = createAnswerStore(storage, now, limits);
    store.put(
      URL,
      new Map([
        ['small', found('Adresse klein')],
        ['large', found('Adresse groß', 'x'.repeat(6_000))],
      ]),
    );
    await store.flushed();
    expect(keptKeys(items)).toEqual(['small']);
  });
});
