// The lookup pipeline: address → place → coverage → the state's source →
// entries of §2.1, through the coordinate cache. Errors leave as AppError;
// a failing source becomes 503 service_error unless a stale entry is served.
// The state's service is asked through the source service (its gates bound
// the work per caller and per state); work waits at most the upstream
// timeout for its turn, and work whose client has gone is dropped.
import type { ZonedEntry } from '../geo/zoneOutline.js';
import { AppError, ErrorCode } from '#shared/errors.js';
import type { Aktualitaet } from '#shared/apiTypes.js';
import { berlinDay } from '../time/berlinDay.js';
import type { Clock } from '../time/clock.js';
import {
  datedKey,
  earliestStichtag,
  germanDate,
  settledFreshness,
} from '../sources/history/datedLookup.js';
import { coordinateKey } from './cache/brwCacheRepository.js';
import type { BrwStore } from './cache/brwStore.js';
import { portalHint, restrictedState, restrictedStateError } from '../sources/coverage.js';
import { ticketFor, withSignal, type LookupCaller } from '../scheduling/workTicket.js';
import type { TypedAddress } from '../geocoding/typedAddress.js';
import type { CachedGeocoding } from '../geocoding/cachedGeocoding.js';
import { aktualitaetOf } from '../sources/currency/aktualitaet.js';
import type { CurrencyWatch } from '../sources/currency/currencyWatch.js';
import type { GeocodedPlace } from '../geocoding/geocoder/geocoder.js';
import type { OfficialMaps } from '../sources/maps/officialMap.js';
import type { SourceRegistry } from '../sources/registry.js';
import type { ConfiguredSource } from '../sources/sourceDefinition.js';
import type { ConnectedSource, SourceService } from '../sources/sourceService.js';
import { UNCHECKED_FRESH_MS } from '../sources/uncheckedFacts.js';
import type { ZoneSetAnswers } from '../zoneSets/zoneSetAnswers.js';
import { fromZoneSet, mappedZones } from './zoneSetLookup.js';

export interface LookupResult {
  place: GeocodedPlace;
  source: ConfiguredSource;
  /** The full data set at the point (unfiltered, unsorted), with the zone outlines the source returned. */
  entries: ZonedEntry[];
  /** When the entries were fetched from the source (stored with the cache entry). */
  fetchedAt: Date;
  cacheHit: boolean;
  stale: boolean;
  /** YYYY-MM-DD: the stichtag asked, else today (whether newer published values apply). */
  asOf: string;
  /** How current the values are (from the whole set at the point, whatever a filter keeps). */
  aktualitaet: Aktualitaet;
  /** Where the state's imported zone set answered: its name and newest stichtag, for the attribution. */
  zoneSet?: { name: string; stichtag: string };
}

export interface LookupService {
  /**
   * The values at the address: the current ones, or with `stichtag`
   * (YYYY-MM-DD, not after today) per zone the newest stichtag on or before it.
   */
  lookup(address: TypedAddress, caller: LookupCaller, stichtag?: string): Promise<LookupResult>;
  /** YYYY-MM-DD, the calendar day in Germany of the service's clock. */
  today(): string;
  /** Resolves when background renewals and cache writes have finished. */
  idle(): Promise<void>;
  /** The state's own map around a point (lookup page), where its registry entry names one. */
  officialMap: OfficialMaps;
  /** What each state's service offers, read in the background. */
  offers: CurrencyWatch;
}

export function createLookupService(deps: {
  geocoding: CachedGeocoding;
  registry: SourceRegistry;
  store: BrwStore;
  /** Asks the state's service under the gates, maps its records, tells an outage as 503. */
  sources: SourceService;
  /** How long work may wait for its turn (the upstream timeout). */
  waitMs: number;
  clock: Clock;
  officialMaps: OfficialMaps;
  offers: CurrencyWatch;
  /** The states' imported zone sets, which answer before the live route where they cover the day. */
  zoneSets?: ZoneSetAnswers;
}): LookupService {
  const today = () => berlinDay(deps.clock());
  const mapped = mappedZones();
  return {
    async lookup(address, caller, stichtag) {
      const ticket = ticketFor(caller, caller.waitMs ?? deps.waitMs);
      const place = await deps.geocoding.resolve(address, ticket);
      const connected = sourceFor(place, deps.registry);
      const asOf = stichtag ?? today();
      const local = await fromZoneSet(place, connected.source, asOf, {
        ...deps,
        today: today(),
        mapped,
      });
      if (local === 'none') throw noValuesAt(stichtag, connected.source);
      if (local) return { place, asOf, ...local };
      const values = await deps.store.get(
        datedKey(coordinateKey(place), stichtag),
        (signal) =>
          deps.sources.entriesAt(connected, place, withSignal(ticket, signal), {
            asOf,
            stichtag,
            fallbackGemeinde: place.municipality,
          }),
        {
          reader: ticket,
          freshness: (entries) =>
            entries.some((entry) => entry.hinweise !== undefined)
              ? { freshMs: UNCHECKED_FRESH_MS }
              : stichtag === undefined
                ? undefined
                : settledFreshness(stichtag, today()),
        },
      );
      // An answer without values is stored like any other, with the same lifecycle:
      // asking again costs the state service nothing (and a settled date stays so).
      if (values.entries.length === 0) throw noValuesAt(stichtag, connected.source);
      const { source } = connected;
      const aktualitaet = aktualitaetOf({
        name: source.name,
        currency: source.currency,
        offered: deps.offers.of(source.state),
        answered: values.entries.map((e) => e.stichtag).reduce((a, b) => (a > b ? a : b)),
        asOf,
        today: today(),
      });
      return { place, source, ...values, asOf, aktualitaet };
    },
    today,
    officialMap: deps.officialMaps,
    offers: deps.offers,
    idle: async () => {
      await Promise.all([deps.store.idle(), deps.geocoding.idle()]);
    },
  };
}

/** The state's connected land-value source: 451 for a restricted state, 404 no_data for one not connected. */
export function sourceFor(
  place: Pick<GeocodedPlace, 'state'>,
  registry: SourceRegistry,
): ConnectedSource {
  const state = place.state;
  const restricted = state === undefined ? undefined : restrictedState(state);
  if (restricted) throw restrictedStateError(restricted);
  const entry = state === undefined ? undefined : registry.forState(state);
  if (entry?.status !== 'configured') {
    const which = entry?.name ?? state ?? 'das Bundesland dieser Adresse';
    const why = entry?.reason === undefined ? '' : ` ${entry.reason}`;
    throw new AppError(
      ErrorCode.noData,
      `Für ${which} ist keine amtliche Bodenrichtwert-Quelle angebunden; es liegen keine Daten vor.${why}` +
        portalHint(entry?.portal),
    );
  }
  return entry;
}

function noValuesAt(stichtag: string | undefined, source: ConfiguredSource): AppError {
  return new AppError(
    ErrorCode.noData,
    stichtag === undefined
      ? 'Für diese Adresse liegen keine Bodenrichtwerte vor (keine Bodenrichtwertzone am Standort).'
      : `Für diese Adresse liegen zum Stichtag ${germanDate(stichtag)} keine Bodenrichtwerte vor.` +
          earliestStichtag(source),
  );
}
