// The answers the spreadsheet's formulas show, kept in its document
// properties: they belong to the document and are shared by everyone who
// opens it, and custom functions may read and write them without a key
// (editor-auth-lifecycle: CUSTOM_FUNCTION mode "Access to Properties: Yes").
// Whatever Google runs again by itself (opening, reloading, an inserted row,
// a copy) finds the answer here: no request, no charge, no error, for any
// user, on any device, without a key, with the service down, in a later month.
// One property per answer (independent keys need no lock: two formulas never
// overwrite each other) and one per source. Google's quotas page
// (developers.google.com/apps-script/guides/services/quotas) allows 9 KB per
// value and 500 KB per store; the record takes at most RECORD_MAX_BYTES of it.
// Past that, new answers are shown but not kept, and the sidebar says so.
import { isAttribution, utf8Length, type Attribution } from '#shared/index.js';
import type { AddonServices } from '../ports.js';
import { parseStoredCell, type StoredCell } from './storedCell.js';

export const RECORD_KEY_PREFIX = 'brw.r.';
const SOURCE_KEY_PREFIX = 'brw.q.';
/** The record's share of the 500 KB; the rest holds key, service URL and attribution list. */
export const RECORD_MAX_BYTES = 400 * 1024;
/** The whole store stays below Google's 500 KB by this much. */
const STORE_MAX_BYTES = 480 * 1024;
/** Google's 9 KB per property value. */
const VALUE_MAX_BYTES = 9 * 1024;

const sizeOf = (key: string, value: string) => utf8Length(key) + utf8Length(value);
const isRecordKey = (key: string) =>
  key.startsWith(RECORD_KEY_PREFIX) || key.startsWith(SOURCE_KEY_PREFIX);

export interface RecordUsage {
  /** Answers kept. */
  cells: number;
  bytes: number;
  maxBytes: number;
}

/** An answer to keep, and the source it came from. */
export interface RecordEntry {
  cell: Omit<StoredCell, 'q'>;
  source?: Attribution;
}

type Services = Pick<AddonServices, 'documentProperties' | 'digest'>;

/** The key of one answer: a digest of what decides it (function, address, date, code, field, zone). */
export function recordKey(
  services: Pick<AddonServices, 'digest'>,
  parts: readonly string[],
): string {
  return `${RECORD_KEY_PREFIX}${services.digest(JSON.stringify(parts)).slice(0, 16)}`;
}

export class CellRecord {
  constructor(private readonly services: Services) {}

  private get properties() {
    return this.services.documentProperties;
  }

  get(key: string): StoredCell | undefined {
    return parseStoredCell(this.properties.get(key) ?? undefined);
  }

  source(cell: StoredCell): Attribution | undefined {
    if (cell.q === undefined) return undefined;
    try {
      const parsed = JSON.parse(this.properties.get(cell.q) ?? 'null') as unknown;
      return isAttribution(parsed) ? parsed : undefined;
    } catch {
      return undefined;
    }
  }

  /** The keys of every kept answer. */
  keys(): string[] {
    return [...this.properties.entries().keys()].filter((key) => key.startsWith(RECORD_KEY_PREFIX));
  }

  usage(): RecordUsage {
    let bytes = 0;
    let cells = 0;
    for (const [key, value] of this.properties.entries()) {
      if (!isRecordKey(key)) continue;
      bytes += sizeOf(key, value);
      if (key.startsWith(RECORD_KEY_PREFIX)) cells += 1;
    }
    return { cells, bytes, maxBytes: RECORD_MAX_BYTES };
  }

  /**
   * Keeps the answers that fit, in one write; the number of those that did not
   * (over the bounds, or refused by the store).
   */
  put(entries: ReadonlyMap<string, RecordEntry>): number {
    let recordBytes = this.usage().bytes;
    let storeBytes = 0;
    for (const [key, value] of this.properties.entries()) storeBytes += sizeOf(key, value);
    const values: Record<string, string> = {};
    let skipped = 0;
    const add = (key: string, text: string): boolean => {
      const old = values[key] ?? this.properties.get(key);
      if (old === text) return true;
      const grows = sizeOf(key, text) - (old === null || old === undefined ? 0 : sizeOf(key, old));
      const fits =
        utf8Length(text) <= VALUE_MAX_BYTES &&
        recordBytes + grows <= RECORD_MAX_BYTES &&
        storeBytes + grows <= STORE_MAX_BYTES;
      if (!fits) return false;
      values[key] = text;
      recordBytes += grows;
      storeBytes += grows;
      return true;
    };
    for (const [key, { cell, source }] of entries) {
      let stored: StoredCell = cell;
      if (source !== undefined) {
        // A value is kept only with its source: the note of "Werte fixieren" names it.
        const sourceKey = `${SOURCE_KEY_PREFIX}${this.services.digest(JSON.stringify(source)).slice(0, 8)}`;
        if (!add(sourceKey, JSON.stringify(source))) {
          skipped += 1;
          continue;
        }
        stored = { ...cell, q: sourceKey };
      }
      if (!add(key, JSON.stringify(stored))) skipped += 1;
    }
    const written = Object.keys(values);
    if (written.length === 0) return skipped;
    try {
      this.properties.setAll(values);
    } catch {
      // The store refused (full, or its daily quota used up): the answers are shown, not kept.
      return skipped + written.filter((key) => key.startsWith(RECORD_KEY_PREFIX)).length;
    }
    return skipped;
  }

  /** "Aktualisieren": these answers are asked for again, and shown until the new one is there. */
  flag(keys: Iterable<string>): number {
    const values: Record<string, string> = {};
    for (const key of keys) {
      const cell = this.get(key);
      if (cell !== undefined && cell.r === undefined)
        values[key] = JSON.stringify({ ...cell, r: 1 });
    }
    const count = Object.keys(values).length;
    if (count > 0) this.properties.setAll(values);
    return count;
  }

  /** Removes the answers (and sources) no longer used; `used`: the keys the formulas need. */
  prune(used: ReadonlySet<string>): number {
    const keep = new Set<string>();
    const unused = this.keys().filter((key) => !used.has(key));
    for (const key of used) {
      const source = this.get(key)?.q;
      if (source !== undefined) keep.add(source);
    }
    const sources = [...this.properties.entries().keys()].filter(
      (key) => key.startsWith(SOURCE_KEY_PREFIX) && !keep.has(key),
    );
    for (const key of [...unused, ...sources]) this.properties.remove(key);
    return unused.length;
  }
}
