// The answers the spreadsheet's formulas show, kept in its document
// properties: they belong to the document and are shared by everyone who
// opens it, and custom functions may read and write them without a key
// (editor-auth-lifecycle: CUSTOM_FUNCTION mode "Access to Properties: Yes").
// Whatever Google runs again by itself (opening, reloading, an inserted row,
// a copy) finds the answer here: no request, no charge, no error, for any
// user, on any device, without a key, with the service down, in a later month.
// One property per answer (independent keys need no lock: two formulas never
// overwrite each other), an answer over 9 KB in several (propertyParts.ts),
// and one per source. Google's quotas page
// (developers.google.com/apps-script/guides/services/quotas) allows 9 KB per
// value and 500 KB per store; the record takes at most RECORD_MAX_BYTES of it.
// Past that, new answers are shown but not kept, and the sidebar says so.
import { isAttribution, utf8Length, type Attribution } from '#shared/index.js';
import type { AddonServices } from '../ports.js';
import {
  PART_KEY_PREFIX,
  VALUE_MAX_BYTES,
  decodeParts,
  encodeParts,
  ownerOfPart,
  staleParts,
} from './propertyParts.js';
import { parseStoredCell, type StoredCell } from './storedCell.js';

export const RECORD_KEY_PREFIX = 'brw.r.';
const SOURCE_KEY_PREFIX = 'brw.q.';
/** The record's share of the 500 KB; the rest holds key, service URL and attribution list. */
export const RECORD_MAX_BYTES = 400 * 1024;
/** The whole store stays below Google's 500 KB by this much. */
const STORE_MAX_BYTES = 480 * 1024;

const sizeOf = (key: string, value: string) => utf8Length(key) + utf8Length(value);
const isRecordKey = (key: string) =>
  key.startsWith(RECORD_KEY_PREFIX) ||
  key.startsWith(PART_KEY_PREFIX) ||
  key.startsWith(SOURCE_KEY_PREFIX);

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
    const { properties, services } = this;
    const text = decodeParts(
      key,
      properties.get(key),
      (part) => properties.get(part),
      services.digest,
    );
    return parseStoredCell(text);
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

  /** The properties that keep `cell` under `key` (a head and parts when it is over 9 KB). */
  private encode(key: string, cell: StoredCell): Record<string, string> {
    return encodeParts(key, JSON.stringify(cell), this.services.digest);
  }

  /**
   * Keeps the answers that fit; the number of those that did not (over the
   * bounds, or refused by the store).
   */
  put(entries: ReadonlyMap<string, RecordEntry>): number {
    let recordBytes = this.usage().bytes;
    let storeBytes = 0;
    for (const [key, value] of this.properties.entries()) storeBytes += sizeOf(key, value);
    const pending = new Map<string, string>();
    const groups: Record<string, string>[] = [];
    const stale = new Map<Record<string, string>, string[]>();
    let skipped = 0;
    for (const [key, { cell, source }] of entries) {
      // A value is kept only with its source (the note of "Werte fixieren" names
      // it), so the source is part of every answer's own write.
      const group: Record<string, string> = {};
      let stored: StoredCell = cell;
      if (source !== undefined) {
        const sourceKey = `${SOURCE_KEY_PREFIX}${this.services.digest(JSON.stringify(source)).slice(0, 8)}`;
        group[sourceKey] = JSON.stringify(source);
        stored = { ...cell, q: sourceKey };
      }
      Object.assign(group, this.encode(key, stored));
      let grows = 0;
      let changed = false;
      for (const [property, text] of Object.entries(group)) {
        const old = pending.get(property) ?? this.properties.get(property);
        if (old === text) continue;
        changed = true;
        grows +=
          sizeOf(property, text) - (old === null || old === undefined ? 0 : sizeOf(property, old));
      }
      if (!changed) continue;
      const fits =
        Object.values(group).every((text) => utf8Length(text) <= VALUE_MAX_BYTES) &&
        recordBytes + grows <= RECORD_MAX_BYTES &&
        storeBytes + grows <= STORE_MAX_BYTES;
      if (!fits) {
        skipped += 1;
        continue;
      }
      for (const [property, text] of Object.entries(group)) pending.set(property, text);
      recordBytes += grows;
      storeBytes += grows;
      groups.push(group);
      stale.set(group, staleParts(key, this.properties.get(key), group));
    }
    const written = this.write(groups);
    for (const group of written)
      for (const part of stale.get(group) ?? []) this.properties.remove(part);
    return skipped + groups.length - written.length;
  }

  /**
   * The run's answers in one write. When the store refuses it (fuller than
   * this execution read it: another formula's execution wrote meanwhile, or
   * its daily quota is used up), each answer is written on its own, so a
   * refusal costs only the answer it carried. The groups that were written.
   */
  private write(groups: readonly Record<string, string>[]): Record<string, string>[] {
    if (groups.length === 0) return [];
    try {
      this.properties.setAll(Object.assign({}, ...groups) as Record<string, string>);
      return [...groups];
    } catch {
      return groups.filter((group) => {
        try {
          this.properties.setAll(group);
          return true;
        } catch {
          return false;
        }
      });
    }
  }

  /** "Aktualisieren": these answers are asked for again, and shown until the new one is there. */
  flag(keys: Iterable<string>): number {
    const values: Record<string, string> = {};
    let count = 0;
    for (const key of keys) {
      const cell = this.get(key);
      if (cell === undefined || cell.r !== undefined) continue;
      Object.assign(values, this.encode(key, { ...cell, r: 1 }));
      count += 1;
    }
    if (count > 0) this.properties.setAll(values);
    return count;
  }

  /** Removes the answers (and sources and parts) no longer used; `used`: the keys the formulas need. */
  prune(used: ReadonlySet<string>): number {
    const keep = new Set<string>();
    const unused = this.keys().filter((key) => !used.has(key));
    for (const key of used) {
      const source = this.get(key)?.q;
      if (source !== undefined) keep.add(source);
    }
    const kept = new Set(this.keys().filter((key) => used.has(key)));
    const others = [...this.properties.entries().keys()].filter(
      (key) =>
        (key.startsWith(SOURCE_KEY_PREFIX) && !keep.has(key)) ||
        (key.startsWith(PART_KEY_PREFIX) && !kept.has(ownerOfPart(key, RECORD_KEY_PREFIX))),
    );
    for (const key of [...unused, ...others]) this.properties.remove(key);
    return unused.length;
  }
}
