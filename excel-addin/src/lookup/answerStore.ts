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
  /** One answer larger than this is not kept (it would crowd out hundreds of others). */
  maxRecordChars: number;
}

/** Shown in the task pane when the storage was full or failed. */
export const STORAGE_FULL_TEXT = 'Zwischenspeicher voll – älteste Einträge entfernt';
export const STORAGE_FAILED_TEXT =
  'Zwischenspeicher nicht verfügbar – Antworten werden nur bis zum Schließen behalten';

export interface AnswerStore {
  /** The kept outcome for the service URL and address key, if any and not expired. */
  get(serviceUrl: string, key: string): Promise<LookupOutcome | undefined>;
  /** Keeps the outcomes worth keeping and schedules a write. */
  put(serviceUrl: string, outcomes: ReadonlyMap<string, LookupOutcome>): void;
  /** Resolves when every scheduled write has finished. */
  flushed(): Promise<void>;
  /** Told when the storage was full (oldest entries removed) or failed; the task pane shows it. */
  onTrouble(listener: (text: string) => void): void;
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

/** Drops the oldest tenth (insertion order, at least one). */
function dropOldest(entries: Entries): void {
  const drop = Math.max(1, Math.ceil(entries.size / 10));
  for (const key of [...entries.keys()].slice(0, drop)) entries.delete(key);
}

/** Drops the oldest entries until count and size fit; `evicted` when any had to go. */
function bounded(entries: Entries, limits: AnswerStoreLimits): { text: string; evicted: boolean } {
  const before = entries.size;
  while (entries.size > limits.maxEntries) entries.delete(entries.keys().next().value as string);
  let text = JSON.stringify(Object.fromEntries(entries));
  while (text.length > limits.maxChars && entries.size > 0) {
    dropOldest(entries);
    text = JSON.stringify(Object.fromEntries(entries));
  }
  return { text, evicted: entries.size < before };
}

/** A failing write is tried again this often, each time without the oldest tenth. */
const WRITE_ATTEMPTS = 3;

export function createAnswerStore(
  storage: KeyValueStorage,
  now: () => Date,
  limits: AnswerStoreLimits,
): AnswerStore {
  let ready: Promise<Entries> | undefined;
  let writing: Promise<void> = Promise.resolve();
  const listeners = new Set<(text: string) => void>();
  const report = (text: string) => listeners.forEach((listener) => listener(text));

  /** The entries with every put so far applied (read from storage once). */
  const entries = (): Promise<Entries> => {
    ready ??= storage
      .getItem(ANSWERS_STORAGE_KEY)
      .catch(() => null)
      .then((text) => parse(text, now().getTime()));
    return ready;
  };

  /**
   * A full storage (the 10 MB per domain are shared with other add-ins) gives
   * room by dropping the oldest answers; one that keeps failing only costs the
   * next session its cache. Either way the task pane says so.
   */
  async function write(all: Entries): Promise<void> {
    let { text, evicted } = bounded(all, limits);
    for (let attempt = 1; ; attempt++) {
      try {
        await storage.setItem(ANSWERS_STORAGE_KEY, text);
        if (evicted) report(STORAGE_FULL_TEXT);
        return;
      } catch {
        if (attempt >= WRITE_ATTEMPTS || all.size === 0) {
          report(STORAGE_FAILED_TEXT);
          return;
        }
        dropOldest(all);
        evicted = true;
        text = JSON.stringify(Object.fromEntries(all));
      }
    }
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
        const fits = record !== undefined && JSON.stringify(record).length <= limits.maxRecordChars;
        return fits ? [[entryKey(serviceUrl, key), record] as const] : [];
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
    onTrouble: (listener) => void listeners.add(listener),
  };
}
