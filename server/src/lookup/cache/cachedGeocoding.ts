// Address → place, with the geocoding cache (30 days, per normalised address)
// in front of the geocoder. An expired entry is still better than nothing
// when the geocoder is down. Places this process has seen stay in a bounded
// in-process hot cache, so a known address costs no database read; an
// address the geocoder did not find is answered from memory for a short
// while, so repeating it costs the geocoder nothing. A geocoder call takes
// one of the caller's upstream slots (CallerGate). Before all of this, the
// states' official house coordinates are asked (one indexed query): where
// they hold the address, no geocoder and no geocode cache is involved.
// It sits in cache/ beside landValueStore.ts, its counterpart for land values:
// the caches use the geocoder, the geocoder knows nothing of them.
import { LRUCache } from 'lru-cache';
import { AppError, ErrorCode } from '#shared/errors.js';
import type { Logger } from '../../logging/logger.js';
import type { Clock } from '../../time/clock.js';
import type { OfficialPoints } from '../addresses/officialPoints.js';
import type { CallerGate } from '../fairness/callerGate.js';
import { withSignal, type WorkTicket } from '../fairness/workTicket.js';
import type { GeocodedPlace, Geocoder } from '../geocoder/geocoder.js';
import { SingleFlight } from '../singleFlight.js';
import { isUpstreamOutage } from '../upstream/upstreamOutage.js';
import {
  normaliseAddress,
  type CachedPlace,
  type GeocodeCacheRepository,
} from './geocodeCacheRepository.js';
import { WriteBehind } from './writeBehind.js';

export const GEOCODE_CACHE_MS = 30 * 24 * 3600 * 1000;
/** Short: a street that is new to the map, or a mistyped address retyped, is found soon. */
export const NOT_FOUND_CACHE_MS = 10 * 60 * 1000;
const HOT_PLACES = 10_000;
/**
 * Whether an address has an official point (and which) is kept in memory
 * briefly, so a cached lookup asks the database nothing: a re-import shows
 * within a minute.
 */
export const OFFICIAL_HOT_MS = 60 * 1000;

export interface CachedGeocoding {
  /** Throws AppError address_not_found, service_error or rate_limit_exceeded. */
  resolve(address: string, ticket: WorkTicket): Promise<GeocodedPlace>;
  /** Resolves when no cache write is running (shutdown, tests). */
  idle(): Promise<void>;
}

export function createCachedGeocoding(deps: {
  geocoder: Geocoder;
  cache: GeocodeCacheRepository;
  gate: CallerGate;
  clock: Clock;
  logger: Logger;
  /** The imported house coordinates; without them every address goes to the geocoder. */
  official?: OfficialPoints;
}): CachedGeocoding {
  const flight = new SingleFlight<GeocodedPlace>();
  const hot = new LRUCache<string, CachedPlace>({ max: HOT_PLACES });
  const writes = new WriteBehind(deps.logger, 'geocode cache');
  /** When each recently unknown address was last not found. */
  const notFound = new LRUCache<string, number>({ max: HOT_PLACES });
  /** Per address: its official point, or null where it has none. */
  const officialHot = new LRUCache<string, { place: GeocodedPlace | null }>({
    max: HOT_PLACES,
    ttl: OFFICIAL_HOT_MS,
  });
  const age = (since: number) => deps.clock().getTime() - since;
  const isFresh = (cached: CachedPlace) => age(cached.fetchedAt.getTime()) <= GEOCODE_CACHE_MS;
  const knownUnknown = (key: string) => {
    const since = notFound.get(key);
    return since !== undefined && age(since) <= NOT_FOUND_CACHE_MS;
  };

  async function officialPoint(address: string, key: string): Promise<GeocodedPlace | null> {
    if (!deps.official) return null;
    const known = officialHot.get(key);
    if (known) return known.place;
    try {
      const place = await deps.official.find(address);
      officialHot.set(key, { place });
      return place;
    } catch (err) {
      deps.logger.warn({ err }, 'house coordinates unavailable, asking the geocoder');
      return null;
    }
  }

  async function resolveUncoalesced(
    address: string,
    key: string,
    ticket: WorkTicket,
  ): Promise<GeocodedPlace> {
    const official = await officialPoint(address, key);
    if (official) return official;
    const known = hot.get(key);
    if (known && isFresh(known)) return known.place;
    if (knownUnknown(key)) throw addressNotFound();
    await writes.pending(key);
    const cached = await deps.cache.find(address);
    if (cached && isFresh(cached)) {
      hot.set(key, cached);
      return cached.place;
    }
    let place: GeocodedPlace | null;
    try {
      place = await deps.gate.run(ticket, () => deps.geocoder.geocode(address, ticket));
    } catch (err) {
      if (!isUpstreamOutage(err)) throw err;
      deps.logger.warn({ reason: err.reason, err }, 'geocoder unavailable');
      if (cached) return cached.place;
      throw new AppError(
        ErrorCode.serviceError,
        'Der Geokodierungsdienst ist vorübergehend nicht erreichbar. Bitte später erneut versuchen.',
        { cause: err },
      );
    }
    if (!place) {
      notFound.set(key, deps.clock().getTime());
      throw addressNotFound();
    }
    const fetchedAt = deps.clock();
    hot.set(key, { place, fetchedAt });
    writes.start(key, () => deps.cache.save(address, place, fetchedAt));
    return place;
  }

  return {
    resolve(address, ticket) {
      const key = normaliseAddress(address);
      const official = officialHot.get(key);
      if (official?.place) return Promise.resolve(official.place);
      // No official points, or none for this address: the geocoder's caches answer.
      if (!deps.official || official) {
        const known = hot.get(key);
        if (known && isFresh(known)) return Promise.resolve(known.place);
        if (knownUnknown(key)) return Promise.reject(addressNotFound());
      }
      return flight.run(
        key,
        (signal) => resolveUncoalesced(address, key, withSignal(ticket, signal)),
        ticket.signal,
      );
    },
    idle: () => writes.idle(),
  };
}

function addressNotFound(): AppError {
  return new AppError(
    ErrorCode.addressNotFound,
    'Die Adresse wurde nicht gefunden. Bitte Straße, Hausnummer, Postleitzahl und Ort angeben.',
  );
}
