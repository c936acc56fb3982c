// The lookup pipeline: address → place → coverage → the state's source →
// entries of §2.1, through the coordinate cache. Errors leave as AppError;
// a failing source becomes 503 service_error unless a stale entry is served.
import type { BodenrichtwertEntry } from '../../../shared/src/apiTypes.js';
import { AppError, ErrorCode } from '../../../shared/src/errors.js';
import type { Logger } from '../logging/logger.js';
import { berlinDay } from '../time/berlinDay.js';
import type { Clock } from '../time/clock.js';
import { coordinateKey } from './cache/landValueCacheRepository.js';
import type { LandValueStore } from './cache/landValueStore.js';
import { isRestrictedState } from './coverage.js';
import type { CachedGeocoding } from './geocoder/cachedGeocoding.js';
import type { GeocodedPlace } from './geocoder/geocoder.js';
import { mapNewestEntries } from './mapping/entryMapper.js';
import type { SourceRegistry, StateSource } from './sources/registry.js';
import type { ConfiguredSource } from './sources/sourceDefinition.js';
import { isUpstreamOutage } from './upstream/upstreamOutage.js';

export interface LookupResult {
  place: GeocodedPlace;
  source: ConfiguredSource;
  /** The full data set at the point (unfiltered, unsorted). */
  entries: BodenrichtwertEntry[];
  cacheHit: boolean;
  stale: boolean;
}

type ConnectedSource = Extract<StateSource, { status: 'configured' }>;

export interface LookupService {
  lookup(address: string): Promise<LookupResult>;
  /** Resolves when background renewals and cache writes have finished. */
  idle(): Promise<void>;
}

export function createLookupService(deps: {
  geocoding: CachedGeocoding;
  registry: SourceRegistry;
  store: LandValueStore;
  logger: Logger;
  clock: Clock;
}): LookupService {
  return {
    async lookup(address) {
      const place = await deps.geocoding.resolve(address);
      const connected = sourceFor(place, deps.registry);
      const values = await deps.store.get(coordinateKey(place), () =>
        fetchEntries(place, connected, deps),
      );
      return { place, source: connected.source, ...values };
    },
    idle: async () => {
      await Promise.all([deps.store.idle(), deps.geocoding.idle()]);
    },
  };
}

function sourceFor(place: GeocodedPlace, registry: SourceRegistry): ConnectedSource {
  const state = place.state;
  if (state !== undefined && isRestrictedState(state)) {
    throw new AppError(
      ErrorCode.restrictedState,
      'Für Schleswig-Holstein, Sachsen und Bayern dürfen keine Bodenrichtwerte ausgegeben werden.',
    );
  }
  const entry = state === undefined ? undefined : registry.forState(state);
  if (entry?.status !== 'configured') {
    const which = entry?.name ?? state ?? 'das Bundesland dieser Adresse';
    const why = entry?.reason === undefined ? '' : ` ${entry.reason}`;
    throw new AppError(
      ErrorCode.noData,
      `Für ${which} ist keine amtliche Bodenrichtwert-Quelle angebunden; es liegen keine Daten vor.${why}`,
    );
  }
  return entry;
}

async function fetchEntries(
  place: GeocodedPlace,
  { source, adapter, numberFormat }: ConnectedSource,
  { logger, clock }: { logger: Logger; clock: Clock },
): Promise<BodenrichtwertEntry[]> {
  let records;
  try {
    records = await adapter.recordsAt(place);
  } catch (err) {
    if (!isUpstreamOutage(err)) throw err;
    logger.warn({ state: source.state, reason: err.reason, err }, 'land-value source unavailable');
    throw new AppError(
      ErrorCode.serviceError,
      `Die amtliche Bodenrichtwert-Quelle für ${source.name} ist vorübergehend nicht erreichbar. ` +
        'Bitte später erneut versuchen.',
      { cause: err },
    );
  }
  const entries = mapNewestEntries(records, {
    fallbackGemeinde: place.municipality,
    today: berlinDay(clock()),
    numberFormat,
    onSkipped: (skipped) =>
      logger.warn({ state: source.state, ...skipped }, 'source record left out'),
  });
  if (entries.length === 0) {
    throw new AppError(
      ErrorCode.noData,
      'Für diese Adresse liegen keine Bodenrichtwerte vor (keine Bodenrichtwertzone am Standort).',
    );
  }
  return entries;
}
