// Builds everything the app needs from the configuration: database,
// repositories, services and adapters. Tests pass their own clock, logger
// and fetch; nothing here is a module-level singleton.
import type { RequestHandler } from 'express';
import { createPlatformServices, type PlatformServices } from './accounts/platformServices.js';
import {
  createBearerAuthentication,
  type BearerAuthentication,
} from './auth/bearerAuthentication.js';
import type { Config } from './config/config.js';
import { PlanRequestRepository } from './accounts/planRequestRepository.js';
import { openDatabase, type Database } from './db/database.js';
import { HealthRepository } from './db/healthRepository.js';
import { migrate } from './db/migrate.js';
import { openRedis, type RedisClient } from './db/redis.js';
import { createLogger, type Logger } from './logging/logger.js';
import { createLookup, createLookupParts } from './lookup/createLookup.js';
import type { LookupService } from './lookup/lookupService.js';
import type { CachedParcel } from './parcels/parcelAnswer.js';
import { createAnsweredPoints } from './parcels/answeredPoints.js';
import { createParcelValuation } from './parcels/createParcelValuation.js';
import { createGeometryPool } from './parcels/geometryPool.js';
import type { ParcelValuation } from './parcels/parcelValuation.js';
import {
  createImmobilienrichtwerte,
  type Immobilienrichtwerte,
} from './marketData/immobilienrichtwerte.js';
import type { IrwRecord } from '#shared/immobilienrichtwertRecord.js';
import { createZoneSetAnswers } from './zoneSets/zoneSetAnswers.js';
import { IRW_TABLES, ZoneSetRepository } from './zoneSets/zoneSetRepository.js';
import { createParcelSources } from './cadastre/createParcelSources.js';
import { loadParcelRegistry } from './cadastre/parcelRegistry.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import { createSourceService } from './sources/sourceService.js';
import { lazyMcpRuntime, type McpRuntimeLoader } from './mcp/mcpRuntime.js';
import { startOAuthHousekeeping } from './oauth/grants/housekeeping.js';
import { createOAuthServices, type OAuthServices } from './oauth/oauthServices.js';
import { WriteBehind } from './scheduling/writeBehind.js';
import { LiegenschaftszinsRepository } from './zoneSets/liegenschaftszinsRepository.js';
import { systemClock, type Clock } from './time/clock.js';
import { createPageTemplates, type PageTemplates } from './web/views.js';
import { createRateLimiter } from './http/rateLimit.js';

export interface ContextOptions {
  logger?: Logger;
  clock?: Clock;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  /** The parcel view's use case (tests of its edges pass one of their own). */
  parcelValuation?: ParcelValuation;
}

/** A timer that never keeps the process alive: a batch's wait outlives no shutdown. */
const unrefSleep = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms).unref();
  });

export interface AppContext extends PlatformServices {
  config: Readonly<Config>;
  logger: Logger;
  clock: Clock;
  fetch: typeof fetch;
  /** Waits that tests control (the batch's Prefer: wait). */
  sleep: (ms: number) => Promise<void>;
  db: Database;
  /** Database reachability for GET /healthz. */
  health: HealthRepository;
  /** Set when REDIS_URL is configured. */
  redis: RedisClient | undefined;
  lookup: LookupService;
  /** The parcel view (GET /api/flurstueck): a parcel, its zones and its land value. */
  parcelValuation: ParcelValuation;
  /** NRW's Immobilienrichtwerte at an address (GET /api/immobilienrichtwert). */
  immobilienrichtwerte: Immobilienrichtwerte;
  /** The imported years (zone_sets): which Liegenschaftszins years are active. */
  zoneSets: Pick<ZoneSetRepository, 'activeSets'>;
  /** The committees' Liegenschaftszinssätze (GET /api/liegenschaftszins). */
  liegenschaftszins: Pick<LiegenschaftszinsRepository, 'rowsOf'>;
  oauth: OAuthServices;
  /** Authenticates /api/* requests by API key or OAuth access token. */
  bearer: BearerAuthentication;
  /** Sign-up confirmation and password-reset e-mail. */
  mailer: Mailer;
  /** Plan booking requests from the billing page. */
  planRequests: PlanRequestRepository;
  /** The page templates (eta, compiled on first use and kept). */
  pageTemplates: PageTemplates;
  /** The MCP SDK and tools, loaded with the first /mcp request. */
  mcpRuntime: McpRuntimeLoader;
  /** The per-IP rate limit (§8) every endpoint under it shares. */
  apiRateLimit: RequestHandler;
  /** Resolves when the writes behind answers have finished (cache rows, lookup records). */
  idle(): Promise<void>;
  /** Closes what the context opened (database, Redis, timers). */
  close(): Promise<void>;
}

export async function createContext(
  config: Readonly<Config>,
  options: ContextOptions = {},
): Promise<AppContext> {
  const logger = options.logger ?? createLogger(config.logLevel);
  const clock = options.clock ?? systemClock;
  const fetchFn = options.fetch ?? globalThis.fetch;
  const db = await openDatabase(config.databaseUrl);
  await migrate(db.sequelize);

  const closers: (() => Promise<void>)[] = [];
  const redis = config.redisUrl ? await openRedis(config.redisUrl) : undefined;
  if (redis) closers.push(() => redis.close());
  const lookupParts = await createLookupParts({
    config,
    sequelize: db.sequelize,
    clock,
    logger,
    fetch: fetchFn,
  });
  // One way to ask the states' services, shared by the lookup and the parcel view.
  const sources = createSourceService({
    gate: lookupParts.gate,
    sourceGate: lookupParts.sourceGate,
    logger,
  });
  const lookup = await createLookup(
    { ...lookupParts, sources },
    { config, clock, logger, sequelize: db.sequelize },
  );
  closers.push(() => lookup.offers.stop());
  const geometry = createGeometryPool();
  closers.push(() => geometry.close());
  const parcelValuation = createParcelValuation({
    ...lookupParts,
    sources,
    geometry,
    parcelSources: createParcelSources(await loadParcelRegistry(config.parcelSourcesFile), {
      upstream: lookupParts.upstream,
      logger,
      now: clock,
      pick: geometry.pickParcel,
    }),
    store: lookupParts.storeOf<CachedParcel>(),
    offers: lookup.offers,
    answeredPoints: createAnsweredPoints(clock),
    logger,
    clock,
  });
  const immobilienrichtwerte = createImmobilienrichtwerte({
    geocoding: lookupParts.geocoding,
    zoneSets: createZoneSetAnswers<IrwRecord>({
      repository: new ZoneSetRepository(db.sequelize, IRW_TABLES),
      clock,
      dataset: 'irw',
    }),
    waitMs: config.upstreamTimeoutMs,
    today: lookup.today,
  });
  const records = new WriteBehind(logger, 'distinct lookup record');
  const idle = async () => {
    await Promise.all([lookup.idle(), parcelValuation.idle(), records.idle()]);
  };
  const platform = createPlatformServices(db.sequelize, clock, config, (key, write) =>
    records.start(key, write),
  );
  const oauth = createOAuthServices(db.sequelize, clock);
  closers.push(startOAuthHousekeeping(oauth.grants, logger));
  const mailer = createMailer(config, logger);
  closers.push(() => mailer.close());
  return {
    ...platform,
    oauth,
    bearer: createBearerAuthentication([platform.apiKeys.resolve, oauth.accessTokens]),
    mailer,
    planRequests: new PlanRequestRepository(db.sequelize),
    pageTemplates: createPageTemplates(),
    mcpRuntime: lazyMcpRuntime(),
    apiRateLimit: createRateLimiter({ config, redis }),
    config,
    logger,
    clock,
    fetch: fetchFn,
    sleep: options.sleep ?? unrefSleep,
    db,
    health: new HealthRepository(db.sequelize),
    redis,
    lookup,
    parcelValuation: options.parcelValuation ?? parcelValuation,
    immobilienrichtwerte,
    zoneSets: new ZoneSetRepository(db.sequelize),
    liegenschaftszins: new LiegenschaftszinsRepository(db.sequelize),
    idle,
    async close() {
      await idle();
      for (const closeOne of closers.reverse()) await closeOne();
      await db.close();
    },
  };
}
