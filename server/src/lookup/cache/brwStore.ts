// The cache lifecycle of §3 around a source fetch: fresh entries are served as
// they are, stale ones are served and renewed once in the background, older
// ones are discarded and fetched again. Identical concurrent reads share one
// run (and so one source call). Entries this process read from the table stay in a
// bounded in-process hot cache for `hotMs`, so a repeated lookup costs no
// database read; changes other instances or operators make to the shared
// table show here within that time. What is stored is the full data set of a
// coordinate (zone entries) or, with its own key space, a parcel's zones and
// shares (issue 34): the same lifecycle either way.
import { boundedLruBySize } from '../../memory/boundedLru.js';
import type { ZonedEntry } from '../../geo/zoneOutline.js';
import { isAppError } from '#shared/errors.js';
import type { Logger } from '../../logging/logger.js';
import type { Clock } from '../../time/clock.js';
import { SingleFlight } from '../../scheduling/singleFlight.js';
import { isUpstreamOutage } from '../../upstream/upstreamOutage.js';
import type { CachedBrwValues, BrwCacheRepository } from './brwCacheRepository.js';
import { WriteBehind } from '../../scheduling/writeBehind.js';
import type { WorkTicket } from '../../scheduling/workTicket.js';

const HOT_ENTRIES = 10_000;
/**
 * Most characters of stored JSON the hot cache holds. Parsed, an entry takes
 * 1.2 (fields only) to 2.5 times (with a 256-point outline) its JSON length
 * on the V8 heap, so this is 10–20 MB; 10,000 answers with outlines would
 * be about 200 MB.
 */
export const HOT_CHARS = 8_000_000;

export interface BrwValues<Entries = ZonedEntry[]> {
  entries: Entries;
  /** When the entries were fetched from the source: the same in every answer served from them. */
  fetchedAt: Date;
  cacheHit: boolean;
  stale: boolean;
}

export interface BrwStoreOptions<Entries = ZonedEntry[]> {
  repository: BrwCacheRepository<Entries>;
  clock: Clock;
  logger: Logger;
  freshMs: number;
  maxAgeMs: number;
  /** How long a renewal claim holds before another instance may take over. */
  renewalLeaseMs: number;
  /** How long this process trusts an entry without reading the table again; 0: always read. */
  hotMs: number;
  /** Most characters of stored JSON held in memory (HOT_CHARS unless a test sets it). */
  hotChars?: number;
}

/** `signal` aborts when no reader waits for the entries any more (never for a renewal). */
export type FetchEntries<Entries = ZonedEntry[]> = (signal: AbortSignal) => Promise<Entries>;

/**
 * Replaces the store's fresh and maximum age for one kind of entry (settled
 * dated lookups; answers with an unchecked fact, fresh only briefly, their
 * maximum age the store's unless given).
 */
export interface FreshnessOverride {
  freshMs: number;
  maxAgeMs?: number;
}

/** The freshness of the entries held, or undefined for the store's own. */
export type FreshnessOf<Entries> = (entries: Entries) => FreshnessOverride | undefined;

/**
 * The client a read is for: `signal` is read only where the read joins a run
 * (a held fresh entry is served without one), `gone` before serving from memory.
 */
export type Reader = Pick<WorkTicket, 'signal' | 'gone'>;

export interface ReadOptions<Entries = ZonedEntry[]> {
  reader?: Reader | undefined;
  freshness?: FreshnessOverride | FreshnessOf<Entries> | undefined;
}

export interface BrwStore<Entries = ZonedEntry[]> {
  /**
   * `reader`: whose read it is; the fetch stops once every reader's client
   * has gone. `freshness`: the fresh and maximum age of this kind of entry.
   */
  get(
    key: string,
    fetchFresh: FetchEntries<Entries>,
    options?: ReadOptions<Entries>,
  ): Promise<BrwValues<Entries>>;
  /** Resolves when no background renewal is running (tests, shutdown). */
  idle(): Promise<void>;
}

export function createBrwStore<Entries = ZonedEntry[]>(
  options: BrwStoreOptions<Entries>,
): BrwStore<Entries> {
  const { repository, clock, logger } = options;
  const flight = new SingleFlight<BrwValues<Entries>>();
  const renewals = new Map<string, Promise<void>>();
  const writes = new WriteBehind(logger, 'land-value cache');
  const hot = boundedLruBySize<string, CachedBrwValues<Entries> & { heldSince: number }>(
    HOT_ENTRIES,
    options.hotChars ?? HOT_CHARS,
    (held) => Math.max(1, held.storedChars),
  );

  function remember(key: string, entry: CachedBrwValues<Entries> | undefined): void {
    if (options.hotMs <= 0) return;
    if (entry) hot.set(key, { ...entry, heldSince: clock().getTime() });
    else hot.delete(key);
  }

  async function find(key: string): Promise<CachedBrwValues<Entries> | undefined> {
    const held = hot.get(key);
    if (held && clock().getTime() - held.heldSince < options.hotMs) return held;
    await writes.pending(key);
    const cached = await repository.find(key);
    remember(key, cached);
    return cached;
  }

  async function save(key: string, entries: Entries, fetchedAt: Date): Promise<void> {
    await repository.save(key, entries, fetchedAt);
    // Read back on the next lookup: the table's fetched_at (its precision)
    // is what a renewal claim must match.
    remember(key, undefined);
  }

  function renewInBackground(
    key: string,
    fetchedAt: Date,
    fetchFresh: () => Promise<Entries>,
  ): void {
    if (renewals.has(key)) return;
    const renewal = (async () => {
      if (!(await repository.claimRenewal(key, fetchedAt, clock(), options.renewalLeaseMs))) return;
      try {
        const entries = await fetchFresh();
        await save(key, entries, clock());
      } catch (err) {
        await repository.releaseRenewal(key);
        throw err;
      }
    })()
      .catch((err: unknown) => {
        const expected = isUpstreamOutage(err) || isAppError(err);
        logger[expected ? 'warn' : 'error']({ err }, 'background renewal of a stale entry failed');
      })
      .finally(() => renewals.delete(key));
    renewals.set(key, renewal);
  }

  async function read(
    key: string,
    fetchFresh: FetchEntries<Entries>,
    signal: AbortSignal,
    freshness: ReadOptions<Entries>['freshness'],
  ): Promise<BrwValues<Entries>> {
    const cached = await find(key);
    if (cached) {
      const override = typeof freshness === 'function' ? freshness(cached.entries) : freshness;
      const freshMs = override?.freshMs ?? options.freshMs;
      const maxAgeMs = override?.maxAgeMs ?? options.maxAgeMs;
      const age = clock().getTime() - cached.fetchedAt.getTime();
      const served = { entries: cached.entries, fetchedAt: cached.fetchedAt, cacheHit: true };
      if (age <= freshMs) return { ...served, stale: false };
      if (age <= maxAgeMs) {
        // The renewal outlives this read: no reader's signal can stop it.
        renewInBackground(key, cached.fetchedAt, () => fetchFresh(new AbortController().signal));
        return { ...served, stale: true };
      }
      await repository.remove(key);
      remember(key, undefined);
    }
    const entries = await fetchFresh(signal);
    // Stored with the entries, so a cached answer names the same retrieval time.
    const fetchedAt = clock();
    writes.start(key, () => save(key, entries, fetchedAt));
    return { entries, fetchedAt, cacheHit: false, stale: false };
  }

  /**
   * What `read` would serve at once: a fresh entry held in memory while no run
   * for the key is under way (a run's readers share its outcome).
   */
  function heldFresh(
    key: string,
    freshness: ReadOptions<Entries>['freshness'],
  ): BrwValues<Entries> | undefined {
    if (flight.has(key)) return undefined;
    const held = hot.get(key);
    if (!held) return undefined;
    const now = clock().getTime();
    if (now - held.heldSince >= options.hotMs) return undefined;
    const override = typeof freshness === 'function' ? freshness(held.entries) : freshness;
    if (now - held.fetchedAt.getTime() > (override?.freshMs ?? options.freshMs)) return undefined;
    return { entries: held.entries, fetchedAt: held.fetchedAt, cacheHit: true, stale: false };
  }

  return {
    get(key, fetchFresh, { reader, freshness } = {}) {
      // A client gone before the read gets its signal's reason, as a run would give it.
      if (reader?.gone()) reader.signal.throwIfAborted();
      // Served from memory without a run, its signal or a listener on it.
      const held = heldFresh(key, freshness);
      if (held) return Promise.resolve(held);
      return flight.run(
        key,
        (flightSignal) => read(key, fetchFresh, flightSignal, freshness),
        reader?.signal,
      );
    },
    async idle() {
      while (renewals.size > 0) await Promise.all(renewals.values());
      await writes.idle();
    },
  };
}
