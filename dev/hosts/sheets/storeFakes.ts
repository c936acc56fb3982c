// CacheService and PropertiesService as Apps Script documents them: the cache
// expires entries (at most 6 hours), keys up to 250 characters, values up to
// 100 KB; properties hold strings and answer null for missing keys.
import type { TestClock } from './clock.js';

const MAX_TTL_SECONDS = 21_600;

export class FakeCache {
  readonly entries = new Map<string, { value: string; expiresAt: number }>();

  constructor(private readonly clock: TestClock) {}

  private check(key: string, value?: string, ttl?: number): void {
    if (key.length > 250) throw new Error(`Exception: Argument too large: key (${key.length})`);
    if (value !== undefined && value.length > 100 * 1024)
      throw new Error('Exception: Argument too large: value');
    if (ttl !== undefined && (ttl < 1 || ttl > MAX_TTL_SECONDS)) {
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

export class FakeProperties {
  readonly values = new Map<string, string>();

  getProperty(key: string): string | null {
    return this.values.get(key) ?? null;
  }

  setProperty(key: string, value: string): this {
    this.values.set(key, String(value));
    return this;
  }

  deleteProperty(key: string): this {
    this.values.delete(key);
    return this;
  }

  getProperties(): Record<string, string> {
    return Object.fromEntries(this.values);
  }

  getKeys(): string[] {
    return [...this.values.keys()];
  }
}

/**
 * LockService's document lock as Apps Script documents it: tryLock waits at
 * most the given time and answers whether it got the lock. Another execution
 * holding it is played by `heldElsewhere`; the wait then passes on the clock.
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
