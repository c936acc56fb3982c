// Assembles the lookup from the configuration: upstream client, geocoder,
// the states' house coordinates in front of it, the postcode directory that
// checks both, the two caches, the source registry, the background watch of
// what the sources offer (started here, stopped by the context) and the
// pipeline. The parts are built once and shared with the parcel view.
import type { Sequelize } from 'sequelize';
import type { Config } from '../config/config.js';
import type { Logger } from '../logging/logger.js';
import type { Clock } from '../time/clock.js';
import { GeocodeCacheRepository } from '../geocoding/geocodeCacheRepository.js';
import { BrwCacheRepository } from './cache/brwCacheRepository.js';
import { createBrwStore, type BrwStore } from './cache/brwStore.js';
import { CallerGate } from '../scheduling/callerGate.js';
import { loadAddressSources } from '../geocoding/officialPoints/addressSources.js';
import { OfficialPointRepository } from '../geocoding/officialPoints/officialPointRepository.js';
import { createOfficialPoints } from '../geocoding/officialPoints/officialPoints.js';
import { loadPostcodeDirectory } from '../geocoding/postcodes/postcodeFile.js';
import { guardedByPostcode } from '../geocoding/postcodeGuard.js';
import { createCachedGeocoding, type CachedGeocoding } from '../geocoding/cachedGeocoding.js';
import { createCurrencyWatch } from '../sources/currency/currencyWatch.js';
import { SourceOfferRepository } from '../sources/currency/sourceOfferRepository.js';
import { createGeocoder } from '../geocoding/geocoder/createGeocoder.js';
import { createLookupService, type LookupService } from './lookupService.js';
import { createSourceGate, type SourceGate } from '../scheduling/sourceGate.js';
import {
  DEFAULT_SOURCES_FILE,
  loadSourceRegistry,
  type SourceRegistry,
} from '../sources/registry.js';
import { createOfficialMaps } from '../sources/maps/officialMap.js';
import { createUpstream } from '../upstream/upstream.js';
import type { SourceService } from '../sources/sourceService.js';
import { createZoneSetAnswers, type ZoneSetAnswers } from '../zoneSets/zoneSetAnswers.js';
import { ZoneSetRepository } from '../zoneSets/zoneSetRepository.js';

export interface LookupDeps {
  config: Pick<
    Config,
    | 'geocoder'
    | 'sourcesFile'
    | 'addresses'
    | 'cache'
    | 'upstreamTimeoutMs'
    | 'sourceMaxConcurrency'
    | 'upstreamSlotsPerCaller'
    | 'offerWatchDelayMs'
  >;
  sequelize: Sequelize;
  clock: Clock;
  logger: Logger;
  fetch: typeof fetch;
}

/** The upstream client and the configured source registry (BRW_SOURCES_FILE or the shipped one). */
export async function openConfiguredSources(
  deps: Pick<LookupDeps, 'clock' | 'logger' | 'fetch'> & {
    config: Pick<Config, 'geocoder' | 'sourcesFile' | 'upstreamTimeoutMs'>;
  },
) {
  const { config, clock, logger } = deps;
  const upstream = createUpstream({
    fetch: deps.fetch,
    timeoutMs: config.upstreamTimeoutMs,
    userAgent: config.geocoder.userAgent,
    logger,
  });
  const registry = await loadSourceRegistry(config.sourcesFile ?? DEFAULT_SOURCES_FILE, {
    upstream,
    logger,
    clock,
  });
  return { upstream, registry };
}

/**
 * What the lookup is built from, and what the parcel view (issue 34) shares
 * with it: the same geocoding, sources, caller slots and per-state bounds,
 * and the cache lifecycle for a key space of its own.
 */
export interface LookupParts {
  upstream: ReturnType<typeof createUpstream>;
  registry: SourceRegistry;
  geocoding: CachedGeocoding;
  gate: CallerGate;
  sourceGate: SourceGate;
  waitMs: number;
  /** A store over the land-value cache table with the configured lifecycle. */
  storeOf<Entries>(): BrwStore<Entries>;
  /** The states' imported zone sets (npm run zones:import). */
  zoneSets: ZoneSetAnswers;
}

export async function createLookupParts(deps: LookupDeps): Promise<LookupParts> {
  const { config, clock, logger } = deps;
  const { upstream, registry } = await openConfiguredSources(deps);
  const gate = new CallerGate(config.upstreamSlotsPerCaller);
  const postcodes = loadPostcodeDirectory();
  const geocoding = createCachedGeocoding({
    geocoder: createGeocoder({ config, upstream, logger }),
    cache: new GeocodeCacheRepository(deps.sequelize),
    gate,
    clock,
    logger,
    official: createOfficialPoints({
      repository: new OfficialPointRepository(deps.sequelize),
      sources: loadAddressSources(config.addresses.sourcesFile),
      postcodes,
      clock,
    }),
  });
  const storeOf = <Entries>() =>
    createBrwStore<Entries>({
      repository: new BrwCacheRepository<Entries>(deps.sequelize),
      clock,
      logger,
      freshMs: config.cache.freshSeconds * 1000,
      maxAgeMs: config.cache.maxAgeSeconds * 1000,
      // Two attempts of one upstream timeout each, with room to spare.
      renewalLeaseMs: Math.max(60_000, 4 * config.upstreamTimeoutMs),
      hotMs: config.cache.hotSeconds * 1000,
    });
  return {
    upstream,
    registry,
    geocoding: guardedByPostcode(geocoding, postcodes),
    gate,
    sourceGate: createSourceGate(config.sourceMaxConcurrency),
    waitMs: config.upstreamTimeoutMs,
    storeOf,
    zoneSets: createZoneSetAnswers({ repository: new ZoneSetRepository(deps.sequelize), clock }),
  };
}

export async function createLookup(
  parts: LookupParts & { sources: SourceService },
  deps: Pick<LookupDeps, 'clock' | 'logger' | 'sequelize'> & {
    config: Pick<LookupDeps['config'], 'offerWatchDelayMs'>;
  },
): Promise<LookupService> {
  const { upstream, registry } = parts;
  const { clock, logger } = deps;
  const offers = createCurrencyWatch({
    registry,
    repository: new SourceOfferRepository(deps.sequelize),
    upstream,
    clock,
    logger,
  });
  await offers.load();
  offers.start(deps.config.offerWatchDelayMs);
  return createLookupService({
    ...parts,
    store: parts.storeOf(),
    clock,
    officialMaps: createOfficialMaps({ upstream, logger, clock }),
    offers,
  });
}
