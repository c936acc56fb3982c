// CacheService, PropertiesService and LockService as Apps Script documents
// them. Each limit cites its source; sizes are bytes of UTF-8, as Google
// measures them ("KB"), not characters.
import type { TestClock } from './clock.js';

const KB = 1024;
const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

/**
 * "Individual keys can be up to 250 characters and store up to 100KB of
 * data", at most 21,600 s (6 hours) of expiry, default 600 s
 * (developers.google.com/apps-script/reference/cache/cache).
 */
const CACHE_MAX_KEY_CHARS = 250;
const CACHE_MAX_VALUE_BYTES = 100 * KB;
const CACHE_MAX_TTL_SECONDS = 21_600;

export class FakeCache {
  readonly entries = new Map<string, { value: string; expiresAt: number }>();

  constructor(private readonly clock: TestClock) {}

  private check(key: string, value?: string, ttl?: number): void {
    if (key.length > CACHE_MAX_KEY_CHARS) {
      throw new Error(`Exception: Argument too large: key (${key.length})`);
    }
    if (value !== undefined && bytes(value) > CACHE_MAX_VALUE_BYTES) {
      throw new Error('Exception: Argument too large: value');
    }
    if (ttl !== undefined && (ttl < 1 || ttl > CACHE_MAX_TTL_SECONDS)) {
      throw new Error(`Exception: Invalid argument: expirationInSeconds (${ttl})`);
    }
  }

  get(key: string): string | null {
    this.check(key);
    const entry = this.entries.get(key);
    if (entry === undefined || entry.expiresAt <= this.clock.now()) return null;
    return entry.value;
  }

  getAll(keys: string[]): Record<string, string> {
    const found: Record<string, string> = {};
    for (const key of keys) {
      const value = this.get(key);
      if (value !== null) found[key] = value;
    }
    return found;
  }

  put(key: string, value: string, expirationInSeconds = 600): void {
    this.check(key, value, expirationInSeconds);
    this.entries.set(key, { value, expiresAt: this.clock.now() + expirationInSeconds * 1000 });
  }

  putAll(values: Record<string, string>, expirationInSeconds = 600): void {
    for (const [key, value] of Object.entries(values)) this.put(key, value, expirationInSeconds);
  }

  remove(key: string): void {
    this.entries.delete(key);
  }
}

/**
 * Google's Apps Script quotas page (developers.google.com/apps-script/guides/services/quotas):
 * property reads, 50,000 a day for consumer accounts; 9 KB per property value,
 * 500 KB per property store. A write past either is refused whole, with an
 * exception, and nothing of it is stored. The quota counts against the user at the keyboard (also
 * for custom functions: guides/sheets/functions), across executions, so one
 * counter is shared by the stores of a test's runtimes.
 */
export const PROPERTY_READS_PER_DAY = 50_000;
const PROPERTY_MAX_VALUE_BYTES = 9 * KB;
const PROPERTY_MAX_STORE_BYTES = 500 * KB;

export class PropertyQuota {
  reads = 0;
  writes = 0;

  read(): void {
    if (this.reads >= PROPERTY_READS_PER_DAY) {
      throw new Error('Exception: Service invoked too many times for one day: properties.');
    }
    this.reads += 1;
  }
}

export class FakeProperties {
  readonly values = new Map<string, string>();
  private elsewhere: Record<string, string> | undefined;

  constructor(readonly quota = new PropertyQuota()) {}

  /**
   * Another execution's write that lands just before this store's next write:
   * every custom-function call runs as an execution of its own, so what one
   * read at its start may be out of date when it writes (a store fuller than
   * it saw refuses its write).
   */
  writtenElsewhere(values: Record<string, string>): void {
    this.elsewhere = values;
  }

  /** Bytes of every key and value, as the 500 KB of a store count them. */
  storedBytes(): number {
    let total = 0;
    for (const [key, value] of this.values) total += bytes(key) + bytes(value);
    return total;
  }

  private store(updates: Record<string, string>): void {
    if (this.elsewhere !== undefined) {
      for (const [key, value] of Object.entries(this.elsewhere)) this.values.set(key, value);
      this.elsewhere = undefined;
    }
    let total = this.storedBytes();
    for (const [key, raw] of Object.entries(updates)) {
      const value = String(raw);
      if (bytes(value) > PROPERTY_MAX_VALUE_BYTES) {
        throw new Error('Exception: Argument too large: value');
      }
      const old = this.values.get(key);
      total += bytes(key) + bytes(value) - (old === undefined ? 0 : bytes(key) + bytes(old));
    }
    if (total > PROPERTY_MAX_STORE_BYTES) {
      throw new Error(
        'Exception: You have exceeded the property storage quota. Please remove some properties and try again.',
      );
    }
    this.quota.writes += 1;
    for (const [key, value] of Object.entries(updates)) this.values.set(key, String(value));
  }

  getProperty(key: string): string | null {
    this.quota.read();
    return this.values.get(key) ?? null;
  }

  getProperties(): Record<string, string> {
    this.quota.read();
    return Object.fromEntries(this.values);
  }

  getKeys(): string[] {
    this.quota.read();
    return [...this.values.keys()];
  }

  setProperty(key: string, value: string): this {
    this.store({ [key]: value });
    return this;
  }

  /** One call for many properties; the others stay unless `deleteAllOthers`. */
  setProperties(properties: Record<string, string>, deleteAllOthers = false): this {
    if (deleteAllOthers) this.values.clear();
    this.store(properties);
    return this;
  }

  deleteProperty(key: string): this {
    this.quota.writes += 1;
    this.values.delete(key);
    return this;
  }
}

/**
 * LockService's document lock as Apps Script documents it: tryLock waits at
 * most the given time and answers whether it got the lock. Another execution
 * holding it is played by `heldElsewhere`; the wait then passes on the clock,
 * so it counts toward a custom function's 30 seconds like any other wait.
 */
export class FakeLock {
  heldElsewhere = false;
  private held = false;
  /** The bounded waits asked for, in milliseconds. */
  readonly waits: number[] = [];

  constructor(private readonly clock: TestClock) {}

  tryLock(timeoutInMillis: number): boolean {
    this.waits.push(timeoutInMillis);
    if (this.heldElsewhere || this.held) {
      this.clock.advance(timeoutInMillis);
      return false;
    }
    this.held = true;
    return true;
  }

  hasLock(): boolean {
    return this.held;
  }

  releaseLock(): void {
    this.held = false;
  }
}
