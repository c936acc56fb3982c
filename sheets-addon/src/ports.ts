// The few Apps Script services the add-on needs, as small interfaces. The logic
// modules depend only on these, so they run unchanged in tests; src/gas/ holds
// the adapters over UrlFetchApp, CacheService, PropertiesService and Utilities.

export interface HttpRequest {
  url: string;
  headers: Record<string, string>;
  /** A JSON body makes it a POST. */
  json?: string;
}

export interface HttpResponse {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  body: string;
}

export interface HttpClient {
  /**
   * Performs the requests concurrently and returns the answers in request
   * order. Throws when the network fails (DNS, refused connection, …).
   */
  fetchAll(requests: readonly HttpRequest[]): HttpResponse[];
}

/** A cache with expiry (CacheService). Missing keys are absent in the result. */
export interface KeyValueCache {
  getAll(keys: readonly string[]): Record<string, string>;
  putAll(values: Record<string, string>, ttlSeconds: number): void;
}

/** A durable string store (PropertiesService). */
export interface SettingsStore {
  /** From the execution's one read of the store. */
  get(key: string): string | null;
  /** Every key and value, from the same one read. */
  entries(): ReadonlyMap<string, string>;
  /** Read again now: for a read-modify-write under the document lock. */
  getCurrent(key: string): string | null;
  set(key: string, value: string): void;
  /** Many keys in one write; the others stay as they are. */
  setAll(values: Record<string, string>): void;
  remove(key: string): void;
}

export interface Clock {
  now(): number;
  sleep(milliseconds: number): void;
}

/**
 * LockService's document lock, held only around a read-modify-write of state
 * the spreadsheet's executions share (cache buckets, attributions, progress).
 */
export interface DocumentLock {
  /** Runs `work` holding the lock; false (and `work` not run) when it stayed taken within the bounded wait. */
  run(work: () => void): boolean;
}

/** The services a custom function or sidebar call works with. */
export interface AddonServices {
  http: HttpClient;
  /** null when the script runs outside a document, where no document cache exists. */
  cache: KeyValueCache | null;
  /** The spreadsheet's document properties (the per-document key override, attributions). */
  documentProperties: SettingsStore;
  /** The user's properties: in a custom function those of the spreadsheet's owner. */
  userProperties: SettingsStore;
  /** null outside a document, where no other execution shares its state. */
  lock: DocumentLock | null;
  clock: Clock;
  /** A short stable hex digest, used to keep cache keys below 250 characters. */
  digest(text: string): string;
  /** YYYY-MM-DD of a date cell in the spreadsheet's time zone (not the script's). */
  calendarDay(date: Date): string;
}
