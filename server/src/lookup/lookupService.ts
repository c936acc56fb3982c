// The lookup pipeline: address → place → coverage → the state's source →
// entries of §2.1, through the coordinate cache. Errors leave as AppError;
// a failing source becomes 503 service_error unless a stale entry is served.
// Upstream work is bounded per caller (CallerGate) and waits at most the
// upstream timeout for its turn; work whose client has gone is dropped.
import type { ZonedEntry } from '../geo/zoneOutline.js';
import { AppError, ErrorCode } from '#shared/errors.js';
import type { Aktualitaet } from '#shared/apiTypes.js';
import type { Logger } from '../logging/logger.js';
import { berlinDay } from '../time/berlinDay.js';
import type { Clock } from '../time/clock.js';
import {
  datedKey,
  earliestStichtag,
  germanDate,
  isBeforeHistory,
  settledFreshness,
} from '../sources/history/datedLookup.js';
import { coordinateKey } from './cache/brwCacheRepository.js';
import type { BrwStore } from './cache/brwStore.js';
import { portalHint, restrictedState, restrictedStateError } from '../sources/coverage.js';
import type { CallerGate } from '../scheduling/callerGate.js';
import {
  ticketFor,
  withSignal,
  type LookupCaller,
  type WorkTicket,
} from '../scheduling/workTicket.js';
import type { TypedAddress } from '../geocoding/typedAddress.js';
import type { CachedGeocoding } from '../geocoding/cachedGeocoding.js';
import { aktualitaetOf } from '../sources/currency/aktualitaet.js';
import type { CurrencyWatch } from '../sources/currency/currencyWatch.js';
import type { GeocodedPlace } from '../geocoding/geocoder/geocoder.js';
import type { OfficialMaps } from '../sources/maps/officialMap.js';
import { mapNewestEntries, type MappingContext } from '../sources/mapping/entryMapper.js';
import type { NumberFormat } from '../sources/numberFormat.js';
import type { SourceGate } from '../scheduling/sourceGate.js';
import type { SourceRegistry, StateSource } from '../sources/registry.js';
import type { ConfiguredSource } from '../sources/sourceDefinition.js';
import { isUpstreamOutage } from '../upstream/upstreamOutage.js';
import { UNCHECKED_FRESH_MS } from '../sources/uncheckedFacts.js';
import type { ZoneSetAnswers } from '../zoneSets/zoneSetAnswers.js';
import { fromZoneSet } from './zoneSetLookup.js';

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

export type ConnectedSource = Extract<StateSource, { status: 'configured' }>;

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
  /** Bounds the upstream work of each caller (account, IP). */
  gate: CallerGate;
  /** Bounds the concurrent requests per state service. */
  sourceGate: SourceGate;
  /** How long work may wait for its turn (the upstream timeout). */
  waitMs: number;
  logger: Logger;
  clock: Clock;
  officialMaps: OfficialMaps;
  offers: CurrencyWatch;
  /** The states' imported zone sets, which answer before the live route where they cover the day. */
  zoneSets?: ZoneSetAnswers;
}): LookupService {
  const today = () => berlinDay(deps.clock());
  return {
    async lookup(address, caller, stichtag) {
      const ticket = ticketFor(caller, caller.waitMs ?? deps.waitMs);
      const place = await deps.geocoding.resolve(address, ticket);
      const connected = sourceFor(place, deps.registry);
      const asOf = stichtag ?? today();
      const local = await fromZoneSet(place, connected.source, asOf, {
        ...deps,
        today: today(),
        contextOf: (format) =>
          mappingContext(connected.source.state, format, place.municipality, asOf, deps.logger),
      });
      if (local === 'none') throw noValuesAt(stichtag, connected.source);
      if (local) return { place, asOf, ...local };
      const values = await deps.store.get(
        datedKey(coordinateKey(place), stichtag),
        (signal) =>
          fetchEntries(place, connected, withSignal(ticket, signal), {
            ...deps,
            asOf,
            stichtag,
          }),
        {
          signal: ticket.signal,
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

interface FetchOptions {
  logger: Logger;
  gate: CallerGate;
  sourceGate: SourceGate;
  /** The day whose values are wanted: the stichtag asked, else today. */
  asOf: string;
  /** The stichtag asked, if any. */
  stichtag: string | undefined;
}

async function fetchEntries(
  place: GeocodedPlace,
  { source, adapter, numberFormat }: ConnectedSource,
  ticket: WorkTicket,
  { logger, gate, sourceGate, asOf, stichtag }: FetchOptions,
): Promise<ZonedEntry[]> {
  let records;
  try {
    // Before the earliest stichtag the source offers, nothing needs asking.
    records = isBeforeHistory(stichtag, source)
      ? []
      : await gate.run(ticket, () =>
          sourceGate(source.state, ticket, () => adapter.recordsAt(place, stichtag)),
        );
  } catch (err) {
    throw brwOutage(err, source, logger);
  }
  const entries = mapNewestEntries(
    records,
    mappingContext(source.state, numberFormat, place.municipality, asOf, logger),
  );
  return entries;
}

/** An outage of the state's standard-land-value service as 503 service_error (logged); anything else as it is. */
export function brwOutage(
  err: unknown,
  source: Pick<ConfiguredSource, 'state' | 'name'>,
  logger: Logger,
): unknown {
  if (!isUpstreamOutage(err)) return err;
  logger.warn({ state: source.state, reason: err.reason, err }, 'land-value source unavailable');
  return new AppError(
    ErrorCode.serviceError,
    `Die amtliche Bodenrichtwert-Quelle für ${source.name} ist vorübergehend nicht erreichbar. ` +
      'Bitte später erneut versuchen.',
    { cause: err },
  );
}

/** How a source's records become entries on the day `asOf`, what is left out logged. */
export function mappingContext(
  state: string,
  numberFormat: NumberFormat,
  fallbackGemeinde: string | undefined,
  asOf: string,
  logger: Logger,
): MappingContext {
  return {
    fallbackGemeinde,
    today: asOf,
    numberFormat,
    onSkipped: (skipped) => logger.warn({ state, ...skipped }, 'source record left out'),
    onUnreadable: (value) => logger.warn({ state, ...value }, 'published value left out'),
  };
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
