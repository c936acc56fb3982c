// Assembles the lookup from the configuration: upstream client, geocoder,
// the states' house coordinates in front of it, the postcode directory that
// checks both, the two caches, the source registry, the background watch of
// what the sources offer (started here, stopped by the context) and the
// pipeline.
import type { Sequelize } from 'sequelize';
import type { Config } from '../config/config.js';
import type { Logger } from '../logging/logger.js';
import type { Clock } from '../time/clock.js';
import { GeocodeCacheRepository } from './cache/geocodeCacheRepository.js';
import { LandValueCacheRepository } from './cache/landValueCacheRepository.js';
import { createLandValueStore } from './cache/landValueStore.js';
import { CallerGate } from './fairness/callerGate.js';
import { loadAddressSources } from './addresses/addressSources.js';
import { HousePointRepository } from './addresses/housePointRepository.js';
import { createOfficialPoints } from './addresses/officialPoints.js';
import { loadPostcodeDirectory } from './addresses/postcodes/postcodeFile.js';
import { guardedByPostcode } from './postcodeGuard.js';
import { createCachedGeocoding } from './cache/cachedGeocoding.js';
import { createCurrencyWatch } from './currency/currencyWatch.js';
import { SourceOfferRepository } from './currency/sourceOfferRepository.js';
import { createGeocoder } from './geocoder/createGeocoder.js';
import { createLookupService, type LookupService } from './lookupService.js';
import { createSourceGate } from './sourceGate.js';
import { DEFAULT_SOURCES_FILE, loadSourceRegistry } from './sources/registry.js';
import { createOfficialMaps } from './maps/officialMap.js';
import { createUpstream } from './upstream/upstream.js';

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

export async function createLookup(deps: LookupDeps): Promise<LookupService> {
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
      repository: new HousePointRepository(deps.sequelize),
      sources: loadAddressSources(config.addresses.sourcesFile),
      postcodes,
    }),
  });
  const store = createLandValueStore({
    repository: new LandValueCacheRepository(deps.sequelize),
    clock,
    logger,
    freshMs: config.cache.freshSeconds * 1000,
    maxAgeMs: config.cache.maxAgeSeconds * 1000,
    // Two attempts of one upstream timeout each, with room to spare.
    renewalLeaseMs: Math.max(60_000, 4 * config.upstreamTimeoutMs),
    hotMs: config.cache.hotSeconds * 1000,
  });
  const offers = createCurrencyWatch({
    registry,
    repository: new SourceOfferRepository(deps.sequelize),
    upstream,
    clock,
    logger,
  });
  await offers.load();
  offers.start();
  return createLookupService({
    geocoding: guardedByPostcode(geocoding, postcodes),
    registry,
    store,
    gate,
    sourceGate: createSourceGate(config.sourceMaxConcurrency),
    waitMs: config.upstreamTimeoutMs,
    logger,
    clock,
    officialMaps: createOfficialMaps({ upstream, logger, clock }),
    offers,
  });
}
