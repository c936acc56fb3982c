// Address → place, with the geocoding cache (30 days, per normalised address)
// in front of the geocoder. An expired entry is still better than nothing
// when the geocoder is down.
import { AppError, ErrorCode } from '../../../../shared/src/errors.js';
import type { Logger } from '../../logging/logger.js';
import type { Clock } from '../../time/clock.js';
import { normaliseAddress, type GeocodeCacheRepository } from '../cache/geocodeCacheRepository.js';
import { SingleFlight } from '../singleFlight.js';
import { isUpstreamOutage } from '../upstream/upstreamOutage.js';
import type { GeocodedPlace, Geocoder } from './geocoder.js';

export const GEOCODE_CACHE_MS = 30 * 24 * 3600 * 1000;

export interface CachedGeocoding {
  /** Throws AppError address_not_found or service_error. */
  resolve(address: string): Promise<GeocodedPlace>;
}

export function createCachedGeocoding(deps: {
  geocoder: Geocoder;
  cache: GeocodeCacheRepository;
  clock: Clock;
  logger: Logger;
}): CachedGeocoding {
  const flight = new SingleFlight<GeocodedPlace>();

  async function resolveUncoalesced(address: string): Promise<GeocodedPlace> {
    const cached = await deps.cache.find(address);
    if (cached && deps.clock().getTime() - cached.fetchedAt.getTime() <= GEOCODE_CACHE_MS) {
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
    await deps.cache.save(address, place, deps.clock());
    return place;
  }

  return {
    resolve: (address) => flight.run(normaliseAddress(address), () => resolveUncoalesced(address)),
  };
}
