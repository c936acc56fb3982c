// The cache lifecycle of §3 around a source fetch: fresh entries are served as
// they are, stale ones are served and renewed once in the background, older
// ones are discarded and fetched again. Identical concurrent reads share one
// run (and so one source call).
import type { BodenrichtwertEntry } from '../../../../shared/src/apiTypes.js';
import { isAppError } from '../../../../shared/src/errors.js';
import type { Logger } from '../../logging/logger.js';
import type { Clock } from '../../time/clock.js';
import { SingleFlight } from '../singleFlight.js';
import { isUpstreamOutage } from '../upstream/upstreamOutage.js';
import type { LandValueCacheRepository } from './landValueCacheRepository.js';

export interface LandValues {
  entries: BodenrichtwertEntry[];
  cacheHit: boolean;
  stale: boolean;
}

export interface LandValueStoreOptions {
  repository: LandValueCacheRepository;
  clock: Clock;
  logger: Logger;
  freshMs: number;
  maxAgeMs: number;
  /** How long a renewal claim holds before another instance may take over. */
  renewalLeaseMs: number;
}

export type FetchEntries = () => Promise<BodenrichtwertEntry[]>;

export interface LandValueStore {
  get(key: string, fetchFresh: FetchEntries): Promise<LandValues>;
  /** Resolves when no background renewal is running (tests, shutdown). */
  idle(): Promise<void>;
}

export function createLandValueStore(options: LandValueStoreOptions): LandValueStore {
  const { repository, clock, logger } = options;
  const flight = new SingleFlight<LandValues>();
  const renewals = new Map<string, Promise<void>>();

  function renewInBackground(key: string, fetchedAt: Date, fetchFresh: FetchEntries): void {
    if (renewals.has(key)) return;
    const renewal = (async () => {
      if (!(await repository.claimRenewal(key, fetchedAt, clock(), options.renewalLeaseMs))) return;
      try {
        await repository.save(key, await fetchFresh(), clock());
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

  async function read(key: string, fetchFresh: FetchEntries): Promise<LandValues> {
    const cached = await repository.find(key);
    if (cached) {
      const age = clock().getTime() - cached.fetchedAt.getTime();
      if (age <= options.freshMs) return { entries: cached.entries, cacheHit: true, stale: false };
      if (age <= options.maxAgeMs) {
        renewInBackground(key, cached.fetchedAt, fetchFresh);
        return { entries: cached.entries, cacheHit: true, stale: true };
      }
      await repository.remove(key);
    }
    const entries = await fetchFresh();
    await repository.save(key, entries, clock());
    return { entries, cacheHit: false, stale: false };
  }

  return {
    get: (key, fetchFresh) => flight.run(key, () => read(key, fetchFresh)),
    async idle() {
      while (renewals.size > 0) await Promise.all(renewals.values());
    },
  };
}
