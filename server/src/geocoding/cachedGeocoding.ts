// Address → place, with the geocoding cache (30 days, per normalised address)
// in front of the geocoder. An address the geocoder did not find is cached
// the same way (a failing lookup costs the geocoder as much as a found one),
// so repeating it costs the geocoder nothing. An expired entry is still better
// than nothing when the geocoder is down. Answers this process has seen stay in a bounded
// in-process hot cache, so a known address costs no database read. A geocoder call takes
// one of the caller's upstream slots (CallerGate). Before all of this, the
// states' official house coordinates are asked (one indexed query): where
// they hold the address, no geocoder and no geocode cache is involved; where
// they decline it (a part nothing explains), the geocoder's answer says why.
// It sits in cache/ beside brwStore.ts, its counterpart for land values:
// the caches use the geocoder, the geocoder knows nothing of them.
import { boundedLru } from '../memory/boundedLru.js';
import { AppError, ErrorCode } from '#shared/errors.js';
import type { Logger } from '../logging/logger.js';
import type { Clock } from '../time/clock.js';
import type { GeocodingWarning } from '#shared/apiTypes.js';
import type { OfficialPoints } from './officialPoints/officialPoints.js';
import type { TypedAddress } from './typedAddress.js';
import type { CallerGate } from '../scheduling/callerGate.js';
import { withSignal, type WorkTicket } from '../scheduling/workTicket.js';
import type { GeocodedPlace, Geocoder } from './geocoder/geocoder.js';
import { SingleFlight } from '../scheduling/singleFlight.js';
import { isUpstreamOutage } from '../upstream/upstreamOutage.js';
import type { CachedPlace, GeocodeCacheRepository } from './geocodeCacheRepository.js';
import { WriteBehind } from '../scheduling/writeBehind.js';

export const GEOCODE_CACHE_MS = 30 * 24 * 3600 * 1000;
const HOT_PLACES = 10_000;
/**
 * Whether an address has an official point (and which) is kept in memory
 * briefly, so a cached lookup asks the database nothing: a re-import shows
 * within a minute.
 */
export const OFFICIAL_HOT_MS = 60 * 1000;

export interface CachedGeocoding {
  /** Throws AppError address_not_found, service_error or rate_limit_exceeded. */
  resolve(address: TypedAddress, ticket: WorkTicket): Promise<GeocodedPlace>;
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
  const hot = boundedLru<string, CachedPlace>(HOT_PLACES);
  const writes = new WriteBehind(deps.logger, 'geocode cache');
  /** Per address: its official point, or null where it has none. */
  const officialHot = boundedLru<string, OfficialMemo>(HOT_PLACES, { ttl: OFFICIAL_HOT_MS });
  const isFresh = (cached: CachedPlace) =>
    deps.clock().getTime() - cached.fetchedAt.getTime() <= GEOCODE_CACHE_MS;

  /**
   * The place memory answers with: the official point, else a fresh answer of
   * the geocoder (null: not found); undefined where the database must be asked.
   */
  function remembered(key: string, official: OfficialMemo): GeocodedPlace | null | undefined {
    if (official.place) return official.place;
    const known = hot.get(key);
    return known && isFresh(known) ? withDeclined(known.place, official) : undefined;
  }

  /** Asked where memory does not know; a failing database counts as no official point. */
  async function officialPoint(address: TypedAddress): Promise<OfficialMemo> {
    if (!deps.official) return NO_OFFICIAL;
    try {
      const memo = await deps.official.findWithReason(address);
      officialHot.set(address.normal, memo);
      return memo;
    } catch (err) {
      deps.logger.warn({ err }, 'house coordinates unavailable, asking the geocoder');
      return NO_OFFICIAL;
    }
  }

  /** After memory and the official points had no answer. */
  async function resolveUncoalesced(
    address: TypedAddress,
    official: OfficialMemo,
    ticket: WorkTicket,
  ): Promise<GeocodedPlace> {
    const key = address.normal;
    const declined = (place: GeocodedPlace | null) => withDeclined(place, official);
    await writes.pending(key);
    const cached = await deps.cache.find(address);
    if (cached && isFresh(cached)) {
      hot.set(key, cached);
      return found(declined(cached.place));
    }
    let place: GeocodedPlace | null;
    try {
      place = await deps.gate.run(ticket, () => deps.geocoder.geocode(address, ticket));
    } catch (err) {
      if (!isUpstreamOutage(err)) throw err;
      deps.logger.warn({ reason: err.reason, err }, 'geocoder unavailable');
      if (cached) return found(declined(cached.place));
      throw new AppError(
        ErrorCode.serviceError,
        'Der Geokodierungsdienst ist vorübergehend nicht erreichbar. Bitte später erneut versuchen.',
        { cause: err },
      );
    }
    const answer = { place, fetchedAt: deps.clock() };
    hot.set(key, answer);
    writes.start(key, () => deps.cache.save(address, place, answer.fetchedAt));
    return found(declined(place));
  }

  return {
    async resolve(address, ticket) {
      const key = address.normal;
      // Without official points there is none to ask for; undefined: the database must say.
      // The official points are asked outside the single flight: a local read
      // (combined with the others under way) needs no shared run and no signal.
      const official =
        (deps.official ? officialHot.get(key) : NO_OFFICIAL) ?? (await officialPoint(address));
      const known = remembered(key, official);
      if (known !== undefined) return found(known);
      return flight.run(
        key,
        (signal) => resolveUncoalesced(address, official, withSignal(ticket, signal)),
        ticket.signal,
      );
    },
    idle: () => writes.idle(),
  };
}

/** Whether an address has an official point: the point, or null and why. */
interface OfficialMemo {
  place: GeocodedPlace | null;
  declined: GeocodingWarning[];
}

const NO_OFFICIAL: OfficialMemo = { place: null, declined: [] };

/** The geocoder's place with why no official point was used (not stored: the cache holds the geocoder's answer). */
function withDeclined(place: GeocodedPlace | null, memo: OfficialMemo): GeocodedPlace | null {
  if (!place || memo.declined.length === 0) return place;
  const warnings = [...(place.warnings ?? [])];
  for (const w of memo.declined) if (!warnings.includes(w)) warnings.push(w);
  return { ...place, warnings };
}

/** The place; address_not_found where the geocoder found none. */
function found(place: GeocodedPlace | null): GeocodedPlace {
  if (!place) throw addressNotFound();
  return place;
}

function addressNotFound(): AppError {
  return new AppError(
    ErrorCode.addressNotFound,
    'Die Adresse wurde nicht gefunden. Bitte Straße, Hausnummer, Postleitzahl und Ort angeben.',
  );
}
