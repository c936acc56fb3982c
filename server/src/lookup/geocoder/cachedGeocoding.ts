// Address → place, with the geocoding cache (30 days, per normalised address)
// in front of the geocoder. An expired entry is still better than nothing
// when the geocoder is down. Places this process has seen stay in a bounded
// in-process hot cache, so a known address costs no database read.
import { LRUCache } from 'lru-cache';
import { AppError, ErrorCode } from '../../../../shared/src/errors.js';
import type { Logger } from '../../logging/logger.js';
import type { Clock } from '../../time/clock.js';
import {
  normaliseAddress,
  type CachedPlace,
  type GeocodeCacheRepository,
} from '../cache/geocodeCacheRepository.js';
import { WriteBehind } from '../cache/writeBehind.js';
import { SingleFlight } from '../singleFlight.js';
import { isUpstreamOutage } from '../upstream/upstreamOutage.js';
import type { GeocodedPlace, Geocoder } from './geocoder.js';

export const GEOCODE_CACHE_MS = 30 * 24 * 3600 * 1000;
const HOT_PLACES = 10_000;

export interface CachedGeocoding {
  /** Throws AppError address_not_found or service_error. */
  resolve(address: string): Promise<GeocodedPlace>;
  /** Resolves when no cache write is running (shutdown, tests). */
  idle(): Promise<void>;
}

export function createCachedGeocoding(deps: {
  geocoder: Geocoder;
  cache: GeocodeCacheRepository;
  clock: Clock;
  logger: Logger;
}): CachedGeocoding {
  const flight = new SingleFlight<GeocodedPlace>();
  const hot = new LRUCache<string, CachedPlace>({ max: HOT_PLACES });
  const writes = new WriteBehind(deps.logger, 'geocode cache');
  const isFresh = (cached: CachedPlace) =>
    deps.clock().getTime() - cached.fetchedAt.getTime() <= GEOCODE_CACHE_MS;

  async function resolveUncoalesced(address: string, key: string): Promise<GeocodedPlace> {
    await writes.pending(key);
    const cached = await deps.cache.find(address);
    if (cached && isFresh(cached)) {
      hot.set(key, cached);
      return cached.place;
    }
    let place: GeocodedPlace | null;
    try {
      place = await deps.geocoder.geocode(address);
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
      throw new AppError(
        ErrorCode.addressNotFound,
        'Die Adresse wurde nicht gefunden. Bitte Straße, Hausnummer, Postleitzahl und Ort angeben.',
      );
    }
    const fetchedAt = deps.clock();
    hot.set(key, { place, fetchedAt });
    writes.start(key, () => deps.cache.save(address, place, fetchedAt));
    return place;
  }

  return {
    resolve(address) {
      const key = normaliseAddress(address);
      const known = hot.get(key);
      if (known && isFresh(known)) return Promise.resolve(known.place);
      return flight.run(key, () => resolveUncoalesced(address, key));
    },
    idle: () => writes.idle(),
  };
}
