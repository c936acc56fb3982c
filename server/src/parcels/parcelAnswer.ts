// The parcel answer from what is cached for it (the parcel, every zone with
// its share, the method) and what the request chose: the uses asked, the
// plot's GFZ. Filtering and valuing happen on every read, so the cache holds
// one entry per parcel and stichtag whatever the filter (as lookups do).
import type { Attribution } from '#shared/apiTypes.js';
import { AppError, ErrorCode } from '#shared/errors.js';
import type { Flurstueck, FlurstueckBodenwert, FlurstueckZone } from '#shared/parcelTypes.js';
import { buildAttribution } from '#shared/texts.js';
import type { BrwValues } from '../lookup/cache/brwStore.js';
import type { GeocodedPlace } from '../geocoding/geocoder/geocoder.js';
import { officialMapSource } from '../sources/maps/officialMapSource.js';
import { geocodingOf, withAddressCredit, withZoneSet } from '../lookup/responseBody.js';
import { creditedSource, type ZoneSetCredit } from '../lookup/zoneSetLookup.js';
import type { ConfiguredSource } from '../sources/sourceDefinition.js';
import type { ParcelZoneShares } from './parcelZoneFetch.js';
import { valuesByUse } from './parcelValue.js';
import type { ParcelAnswer, ParcelQuery } from './parcelValuation.js';
import { notValuedHinweis } from './roadParcel.js';

/**
 * What the cache holds per parcel and stichtag: the parcel, every zone with
 * its share, and the value per use without a GFZ, computed once when fetched
 * (it takes tens of microseconds of 50-digit arithmetic, more than the rest of
 * a cached answer); a GFZ asked converts on the read.
 */
export interface ParcelZones extends ParcelZoneShares {
  flurstueck: Flurstueck;
  bodenwert: FlurstueckBodenwert[];
}

/** What the cache holds where the cadastre has no parcel (a failing answer, kept like one found). */
export interface NoParcel {
  noParcel: true;
}

export const NO_PARCEL: NoParcel = { noParcel: true };

/** A cache entry per target and stichtag: the parcel with its zones, or that there is none. */
export type CachedParcel = ParcelZones | NoParcel;

export function isParcel(cached: CachedParcel): cached is ParcelZones {
  return !('noParcel' in cached);
}

/** The cached form of a parcel and its zones. */
export function parcelZones(flurstueck: Flurstueck, shares: ParcelZoneShares): ParcelZones {
  return { flurstueck, ...shares, bodenwert: valuesByUse(shares.zonen, undefined) };
}

function valuesAsked(cached: ParcelZones, zonen: FlurstueckZone[], query: ParcelQuery) {
  if (query.gfz !== undefined) return valuesByUse(zonen, query.gfz);
  const filter = query.nutzungsarten;
  return cached.bodenwert.filter((value) => filter.length === 0 || filter.includes(value.code));
}

/**
 * The land-value credit (naming the zone set where one answered), the parcel
 * dataset's beside it (and the address data's, when used).
 */
function parcelAttribution(
  source: ConfiguredSource,
  zoneSet: ZoneSetCredit | undefined,
  zones: readonly FlurstueckZone[],
  flurstueck: Flurstueck,
  place: GeocodedPlace | undefined,
  today: string,
): Attribution {
  const years = zones.map((zone) => Number(zone.stichtag.slice(0, 4)));
  const landValues = withZoneSet(
    buildAttribution({
      owners: source.owners,
      credit: source.credit,
      year: years.length === 0 ? Number(today.slice(0, 4)) : Math.max(...years),
      sourceUrl: source.sourceUrl,
      license: source.license,
    }),
    zoneSet,
  );
  const credited = place ? withAddressCredit(landValues, place) : landValues;
  return { ...credited, text: `${credited.text}; ${flurstueck.datensatz.text}` };
}

export function buildParcelAnswer(
  query: ParcelQuery,
  cached: BrwValues<ParcelZones>,
  live: ConfiguredSource,
  place: GeocodedPlace | undefined,
  today: string,
): ParcelAnswer {
  const { flurstueck, anteile, zoneSet } = cached.entries;
  const source = zoneSet ? creditedSource(live, zoneSet) : live;
  const filter = query.nutzungsarten;
  const zonen = cached.entries.zonen
    .filter((zone) => filter.length === 0 || filter.includes(zone.code))
    .map((zone) =>
      source.viewerUrl === undefined ? zone : { ...zone, viewer_url: source.viewerUrl },
    );
  const hinweis = notValuedHinweis(flurstueck.nutzung);
  if (zonen.length === 0 && hinweis === undefined) {
    throw new AppError(
      ErrorCode.noData,
      filter.length === 0
        ? `Für das Flurstück ${flurstueck.kennzeichen} liegen keine Bodenrichtwerte vor.`
        : `Auf dem Flurstück ${flurstueck.kennzeichen} gibt es keinen Bodenrichtwert der Nutzungsart ${filter.join(', ')}.`,
    );
  }
  const { target } = query;
  return {
    ...(target.kind === 'address'
      ? { address_input: target.addressInput }
      : { kennzeichen_input: target.kennzeichenInput }),
    ...(place
      ? { coordinates: { lat: place.lat, lon: place.lon }, geocoding: geocodingOf(place) }
      : {}),
    flurstueck,
    zonen,
    anteile,
    bodenwert: hinweis === undefined ? valuesAsked(cached.entries, zonen, query) : [],
    ...(hinweis === undefined ? {} : { hinweis }),
    cache_hit: cached.cacheHit,
    ...(cached.stale ? { cache_stale: true as const } : {}),
    abgerufen_am: cached.fetchedAt.toISOString(),
    mapSource: officialMapSource(source),
    attribution: parcelAttribution(source, zoneSet, zonen, flurstueck, place, today),
  };
}
