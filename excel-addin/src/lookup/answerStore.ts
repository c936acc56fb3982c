// Lookup answers kept across Excel sessions in OfficeRuntime.storage (per user
// and device; Excel on the web allows 10 MB per domain). A reopened workbook,
// a row insertion or a reload recalculates every cell; with this store those
// recalculations send nothing for addresses the add-in already has. The whole
// store is one storage item, read once per session and written after each
// batch (one write at a time, in order), bounded in entries and size.
import {
  fromAnswerRecord,
  toAnswerRecord,
  type AnswerRecord,
  type LookupOutcome,
} from '#shared/index.js';
import type { KeyValueStorage } from '../settings/settingsStore.js';

export const ANSWERS_STORAGE_KEY = 'brw.answers';

export interface AnswerStoreLimits {
  maxEntries: number;
  /** Characters of the stored JSON; well below the 10 MB per domain. */
  maxChars: number;
}

export interface AnswerStore {
  /** The kept outcome for the service URL and address key, if any and not expired. */
  get(serviceUrl: string, key: string): Promise<LookupOutcome | undefined>;
  /** Keeps the outcomes worth keeping and schedules a write. */
  put(serviceUrl: string, outcomes: ReadonlyMap<string, LookupOutcome>): void;
  /** Resolves when every scheduled write has finished. */
  flushed(): Promise<void>;
}

type Entries = Map<string, AnswerRecord>;

const entryKey = (serviceUrl: string, key: string) => `${serviceUrl}\n${key}`;

function parse(text: string | null, nowMs: number): Entries {
  const entries: Entries = new Map();
  if (text === null) return entries;
  try {
    const stored = JSON.parse(text) as unknown;
    if (typeof stored !== 'object' || stored === null) return entries;
    for (const [key, record] of Object.entries(stored as Record<string, unknown>)) {
      if (fromAnswerRecord(record, nowMs) !== undefined) entries.set(key, record as AnswerRecord);
    }
  } catch {
    // A garbled store is a cold start, not an error in every cell.
  }
  return entries;
}

/** Drops the oldest entries (insertion order) until count and size fit. */
function bounded(entries: Entries, limits: AnswerStoreLimits): string {
  while (entries.size > limits.maxEntries) entries.delete(entries.keys().next().value as string);
  let text = JSON.stringify(Object.fromEntries(entries));
  while (text.length > limits.maxChars && entries.size > 0) {
    const drop = Math.max(1, Math.ceil(entries.size / 10));
    for (const key of [...entries.keys()].slice(0, drop)) entries.delete(key);
    text = JSON.stringify(Object.fromEntries(entries));
  }
  return text;
}

export function createAnswerStore(
  storage: KeyValueStorage,
  now: () => Date,
  limits: AnswerStoreLimits,
): AnswerStore {
  let ready: Promise<Entries> | undefined;
  let writing: Promise<void> = Promise.resolve();

  /** The entries with every put so far applied (read from storage once). */
  const entries = (): Promise<Entries> => {
    ready ??= storage
      .getItem(ANSWERS_STORAGE_KEY)
      .catch(() => null)
      .then((text) => parse(text, now().getTime()));
    return ready;
  };

  async function write(all: Entries): Promise<void> {
    // A full or unavailable storage only costs the next session its cache.
    await storage.setItem(ANSWERS_STORAGE_KEY, bounded(all, limits)).catch(() => undefined);
  }

  return {
    async get(serviceUrl, key) {
      const all = await entries();
      const id = entryKey(serviceUrl, key);
      const outcome = fromAnswerRecord(all.get(id), now().getTime());
      if (outcome === undefined) all.delete(id);
      return outcome;
    },
    put(serviceUrl, outcomes) {
      const nowMs = now().getTime();
      const records = [...outcomes].flatMap(([key, outcome]) => {
        const record = toAnswerRecord(outcome, nowMs);
        return record === undefined ? [] : [[entryKey(serviceUrl, key), record] as const];
      });
      if (records.length === 0) return;
      const updated = entries().then((all) => {
        for (const [id, record] of records) {
          all.delete(id); // re-insert: newest last, so eviction drops the oldest
          all.set(id, record);
        }
        return all;
      });
      ready = updated;
      writing = writing.then(() => updated).then(write);
    },
    flushed: () => writing,
  };
}
