// Lookup answers kept in the document cache (CacheService), so recalculations
// and reloads of the spreadsheet ask the service nothing for addresses it has.
// CacheService holds about 1,000 entries of at most 100 KB for at most 6 hours,
// so answers are grouped into a fixed number of buckets by a digest of the
// address: a column of thousands of addresses takes BUCKETS entries. Each
// answer carries its own expiry (shared answer records). Google measures the
// 100 KB in bytes (developers.google.com/apps-script/reference/cache/cache), and
// an answer with umlauts has more bytes than characters, so sizes are UTF-8.
import {
  fromAnswerRecord,
  toAnswerRecord,
  utf8Length,
  type AnswerRecord,
  type LookupOutcome,
} from '#shared/index.js';
import { underDocumentLock } from '../documentLock.js';
import type { AddonServices } from '../ports.js';

const BUCKETS = 64;
/** CacheService's maximum; each answer's own expiry may end it sooner. */
const BUCKET_TTL_SECONDS = 6 * 60 * 60;
/** Below CacheService's 100 KB per value, in bytes of UTF-8; the oldest answers of a full bucket go first. */
const MAX_BUCKET_BYTES = 95_000;

type Bucket = Record<string, AnswerRecord>;

export class LookupCache {
  private readonly prefix: string;

  constructor(
    private readonly services: Pick<AddonServices, 'cache' | 'clock' | 'digest' | 'lock'>,
    serviceUrl: string,
  ) {
    this.prefix = `brw:answers:${services.digest(serviceUrl).slice(0, 16)}:`;
  }

  private bucketKey(addressKey: string): string {
    const bucket = parseInt(this.services.digest(addressKey).slice(0, 8), 16) % BUCKETS;
    return `${this.prefix}${bucket}`;
  }

  private readBuckets(bucketKeys: Iterable<string>): Map<string, Bucket> {
    const buckets = new Map<string, Bucket>();
    const cache = this.services.cache;
    if (cache === null) return buckets;
    const stored = cache.getAll([...new Set(bucketKeys)]);
    for (const [key, text] of Object.entries(stored)) {
      try {
        const parsed = JSON.parse(text) as unknown;
        if (typeof parsed === 'object' && parsed !== null) buckets.set(key, parsed as Bucket);
      } catch {
        // A garbled bucket is an empty one.
      }
    }
    return buckets;
  }

  /** The kept outcomes of the given address keys; others are absent. */
  read(addressKeys: readonly string[]): Map<string, LookupOutcome> {
    const found = new Map<string, LookupOutcome>();
    const keyed = addressKeys.map((key) => [key, this.bucketKey(key)] as const);
    const buckets = this.readBuckets(keyed.map(([, bucketKey]) => bucketKey));
    const now = this.services.clock.now();
    for (const [key, bucketKey] of keyed) {
      const outcome = fromAnswerRecord(buckets.get(bucketKey)?.[key], now);
      if (outcome !== undefined) found.set(key, outcome);
    }
    return found;
  }

  /**
   * Keeps the answers worth keeping; transient errors are asked again next
   * time. The buckets are read and written back under the document lock; when
   * another execution keeps it past the bounded wait, the answers are not kept
   * (asking again for them costs no quota) rather than overwriting its buckets.
   * An answer too big for an entry of its own is not kept either; a cache that
   * refuses a value never fails the formula: it only keeps less.
   */
  write(outcomes: ReadonlyMap<string, LookupOutcome>): void {
    const cache = this.services.cache;
    if (cache === null) return;
    const now = this.services.clock.now();
    const updates = new Map<string, Bucket>();
    for (const [key, outcome] of outcomes) {
      const record = toAnswerRecord(outcome, now);
      if (record === undefined) continue;
      const bucketKey = this.bucketKey(key);
      updates.set(bucketKey, { ...updates.get(bucketKey), [key]: record });
    }
    if (updates.size === 0) return;
    underDocumentLock(this.services, () => {
      const buckets = this.readBuckets(updates.keys());
      const values: Record<string, string> = {};
      for (const [bucketKey, added] of updates) {
        values[bucketKey] = serialize(buckets.get(bucketKey) ?? {}, added, now);
      }
      try {
        cache.putAll(values, BUCKET_TTL_SECONDS);
      } catch {
        // Kept fewer answers; the next run asks for them again.
      }
    });
  }
}

/**
 * Unexpired old answers, then the new ones (newest last); the oldest go when
 * it is too large. An answer larger than an entry is left out.
 */
function serialize(old: Bucket, added: Bucket, now: number): string {
  const entries = Object.entries(old).filter(
    ([key, record]) => !(key in added) && fromAnswerRecord(record, now) !== undefined,
  );
  // An answer that cannot fit an entry on its own would only push the others out.
  const fitting = Object.entries(added).filter(
    ([key, record]) => utf8Length(JSON.stringify({ [key]: record })) <= MAX_BUCKET_BYTES,
  );
  entries.push(...fitting);
  let text = JSON.stringify(Object.fromEntries(entries));
  while (utf8Length(text) > MAX_BUCKET_BYTES) {
    entries.shift();
    text = JSON.stringify(Object.fromEntries(entries));
  }
  return text;
}
