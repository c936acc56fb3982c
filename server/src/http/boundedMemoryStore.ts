// An express-rate-limit store in process memory with a fixed number of keys
// (an LRU): the library's own memory store grows with every new key, so a
// flood of distinct keys (addresses, e-mail addresses) grew the heap without
// bound. When full, the least recently counted key is forgotten.
import type { ClientRateLimitInfo, Options, Store } from 'express-rate-limit';
import { boundedLru, type LRUCache } from '../memory/boundedLru.js';

/** Keys one store keeps: about 100 bytes each, so a few MB at most. */
export const DEFAULT_MAX_KEYS = 50_000;

interface Count {
  totalHits: number;
  resetTime: Date;
}

export class BoundedMemoryStore implements Store {
  readonly localKeys = true;
  private windowMs = 60_000;
  private readonly counts: LRUCache<string, Count>;

  /** `now`: express-rate-limit's own stores use the system clock too. */
  constructor(
    maxKeys = DEFAULT_MAX_KEYS,
    private readonly now: () => number = Date.now,
  ) {
    this.counts = boundedLru(maxKeys);
  }

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  get(key: string): ClientRateLimitInfo | undefined {
    return this.live(key);
  }

  increment(key: string): ClientRateLimitInfo {
    const count = this.live(key) ?? {
      totalHits: 0,
      resetTime: new Date(this.now() + this.windowMs),
    };
    count.totalHits += 1;
    this.counts.set(key, count);
    return { ...count };
  }

  decrement(key: string): void {
    const count = this.live(key);
    if (count && count.totalHits > 0) count.totalHits -= 1;
  }

  resetKey(key: string): void {
    this.counts.delete(key);
  }

  resetAll(): void {
    this.counts.clear();
  }

  /** Keys held now (for the memory bound's test). */
  get size(): number {
    return this.counts.size;
  }

  private live(key: string): Count | undefined {
    const count = this.counts.get(key);
    if (count && count.resetTime.getTime() <= this.now()) {
      this.counts.delete(key);
      return undefined;
    }
    return count;
  }
}
