// The service's configuration, parsed once from the environment at start-up.
// Nothing else in the server reads process.env; everything receives Config.
import { z } from 'zod';
import { ConfigError } from './configError.js';
import {
  DEFAULT_SCRYPT_LOG_N,
  MAX_SCRYPT_LOG_N,
  MIN_SCRYPT_LOG_N,
  scryptCost,
  type ScryptCost,
} from './scryptCost.js';
import { parseTrustProxy } from './trustProxy.js';

export { ConfigError };

const port = z.coerce.number().int().min(0).max(65535);
const positiveInt = z.coerce.number().int().positive();
const optionalUrl = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value === '' ? undefined : value))
  .pipe(z.url().optional());
/** Outside it scrypt would be cheaper than OWASP allows, or dearer than the memory bound of a hash. */
const scryptLogNRange =
  `must be a whole number from ${MIN_SCRYPT_LOG_N} to ${MAX_SCRYPT_LOG_N} ` +
  '(13: scrypt N=2^13, r=8, p=10 … 17: N=2^17, r=8, p=1, the default)';
/** A plan's price as the billing page shows it, in the operator's words. */
const planPrice = z.string().trim().max(100).default('');

const envSchema = z.object({
  PORT: port.default(3000),
  BASE_URL: optionalUrl,
  AUTH_URL: optionalUrl,
  DATABASE_URL: z.string().trim().default('sqlite:./data/brw.sqlite'),
  REDIS_URL: optionalUrl,
  REDIS_KEY_PREFIX: z.string().trim().default('brw:'),
  BILLING_URL: optionalUrl,
  PLAN_PRICE_STARTER: planPrice,
  PLAN_PRICE_PRO: planPrice,
  PLAN_PRICE_ENTERPRISE: planPrice,
  TRUST_PROXY: z.string().trim().default(''),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PAYMENT_GRACE_DAYS: positiveInt.default(14),
  RATE_LIMIT_PER_MINUTE: positiveInt.default(120),
  API_KEY_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(10),
  SESSION_SECRET: z.string().min(32).optional(),
  PASSWORD_SCRYPT_LOG_N: z.coerce
    .number({ error: scryptLogNRange })
    .int(scryptLogNRange)
    .min(MIN_SCRYPT_LOG_N, scryptLogNRange)
    .max(MAX_SCRYPT_LOG_N, scryptLogNRange)
    .default(DEFAULT_SCRYPT_LOG_N),
  GEOCODER_KIND: z.enum(['nominatim', 'photon']).default('nominatim'),
  GEOCODER_URL: z.url().optional(),
  GEOCODER_USER_AGENT: z
    .string()
    .min(1)
    .default('bodenrichtwert-service/1.1 (operator: set GEOCODER_USER_AGENT with a contact)'),
  GEOCODER_MIN_INTERVAL_MS: z.coerce.number().int().min(0).optional(),
  BRW_SOURCES_FILE: z.string().min(1).optional(),
  PARCEL_SOURCES_FILE: z.string().trim().min(1).optional(),
  ADDRESS_SOURCES_FILE: z.string().trim().min(1).optional(),
  ADDRESS_FILES_DIR: z.string().trim().min(1).default('./data/house-coordinates'),
  DOWNLOAD_ALLOW_HOSTS: z.string().trim().default(''),
  ZONE_SETS_FILE: z.string().trim().min(1).optional(),
  ZONE_FILES_DIR: z.string().trim().min(1).default('./data/zone-sets'),
  CACHE_FRESH_SECONDS: positiveInt.default(24 * 3600),
  CACHE_MAX_AGE_SECONDS: positiveInt.default(30 * 24 * 3600),
  CACHE_HOT_SECONDS: z.coerce.number().int().min(0).max(300).default(10),
  UPSTREAM_TIMEOUT_MS: positiveInt.default(10_000),
  SOURCE_MAX_CONCURRENCY: positiveInt.max(32).default(4),
  OFFER_WATCH_DELAY_SECONDS: positiveInt.max(3600).default(60),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().trim().min(3).optional(),
  UPSTREAM_SLOTS_PER_CALLER: positiveInt.default(4),
  HTTP_REQUEST_TIMEOUT_MS: positiveInt.default(30_000),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: positiveInt.default(5_000),
  HTTP_MAX_CONNECTIONS: positiveInt.default(1_000),
  EVENT_LOOP_REPORT_MS: z.coerce.number().int().min(0).max(3_600_000).default(0),
  MAP_TILE_URL: optionalUrl.refine(
    (url) => url === undefined || ['{z}', '{x}', '{y}'].every((part) => url.includes(part)),
    'must contain {z}, {x} and {y}',
  ),
  MAP_TILE_ATTRIBUTION: z.string().trim().default(''),
});

export type LogLevel = z.infer<typeof envSchema>['LOG_LEVEL'];
export type GeocoderKind = z.infer<typeof envSchema>['GEOCODER_KIND'];

/** The plans one can book (free is what an account has without booking). */
export type BookablePlan = 'starter' | 'pro' | 'enterprise';

/** Shown where the operator set no price. */
export const PRICE_ON_REQUEST = 'auf Anfrage';

export interface Config {
  port: number;
  baseUrl: string;
  authUrl: string;
  databaseUrl: string;
  redisUrl: string | undefined;
  /** Prefix of every Redis key, so several deployments can share one Redis. */
  redisKeyPrefix: string;
  billingUrl: string;
  /** Monthly price of each bookable plan as shown on the billing page. */
  planPrices: Readonly<Record<BookablePlan, string>>;
  trustProxy: number | string[] | false;
  logLevel: LogLevel;
  paymentGraceDays: number;
  rateLimitPerMinute: number;
  /** How long an instance trusts a checked API key and its account (delay elsewhere); 0: no cache. */
  apiKeyCacheSeconds: number;
  /** Signs dashboard sessions and CSRF tokens; several instances must share it. */
  sessionSecret: string | undefined;
  /** scrypt parameters of new password hashes (PASSWORD_SCRYPT_LOG_N), one of OWASP's settings. */
  passwordHashCost: Readonly<ScryptCost>;
  /** kind: the engine behind url (a Photon is always the operator's own). */
  geocoder: { kind: GeocoderKind; url: string; userAgent: string; minIntervalMs: number };
  sourcesFile: string | undefined;
  /** The states' cadastral parcel services (unset: the project's server/sources/parcel-sources.yaml). */
  parcelSourcesFile: string | undefined;
  /**
   * The states' official house coordinates: the registry of their downloads (unset: the
   * project's server/sources/address-sources.yaml) and the folder their files are downloaded to;
   * allowHosts: hosts a download may reach although not public (DOWNLOAD_ALLOW_HOSTS).
   */
  addresses: { sourcesFile: string | undefined; filesDir: string; allowHosts: readonly string[] };
  /** The states' complete zone sets: their registry (unset: server/sources/zone-sets.yaml) and download folder. */
  zones: { sourcesFile: string | undefined; filesDir: string };
  /** hotSeconds: how long an instance trusts a land-value entry it read (0: no in-process copy). */
  cache: { freshSeconds: number; maxAgeSeconds: number; hotSeconds: number };
  upstreamTimeoutMs: number;
  /** Most requests this instance sends to one state's land-value service at once. */
  sourceMaxConcurrency: number;
  /** How long after start the background watch of the states' offers first reads. */
  offerWatchDelayMs: number;
  /** Sign-up confirmation and password-reset e-mail; smtpUrl unset: no e-mail is sent. */
  mail: { smtpUrl: string | undefined; from: string };
  /** Uncached lookups (geocoder or state-service calls) one account, and one IP, may run at once. */
  upstreamSlotsPerCaller: number;
  /** Bounds of the HTTP server against slow and piling clients. */
  http: { requestTimeoutMs: number; keepAliveTimeoutMs: number; maxConnections: number };
  /** How often the event loop's slowest stall is logged (0: never). */
  eventLoopReportMs: number;
  /**
   * Background of the dashboard's zone map: an XYZ tile URL template ({z}/{x}/{y},
   * Web Mercator) and the credit its provider requires; no tile URL: the map is drawn
   * without background and needs no network.
   */
  map: { tileUrl: string | undefined; tileAttribution: string };
}

/** Parses and checks the environment; throws ConfigError naming the bad variable. */
export function loadConfig(env: Readonly<Record<string, string | undefined>>): Readonly<Config> {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  const baseUrl = stripSlash(e.BASE_URL ?? `http://localhost:${e.PORT}`);
  if (e.GEOCODER_KIND === 'photon' && e.GEOCODER_URL === undefined) {
    // The default URL is the public Nominatim, which speaks no Photon.
    throw new ConfigError(
      'Invalid configuration: GEOCODER_KIND=photon needs GEOCODER_URL, the address of your ' +
        'Photon (e.g. http://photon.internal:2322)',
    );
  }
  const geocoderUrl = stripSlash(e.GEOCODER_URL ?? 'https://nominatim.openstreetmap.org');
  if (e.CACHE_MAX_AGE_SECONDS < e.CACHE_FRESH_SECONDS) {
    throw new ConfigError(
      'Invalid configuration: CACHE_MAX_AGE_SECONDS must be >= CACHE_FRESH_SECONDS',
    );
  }
  const trustProxy = parseTrustProxy(e.TRUST_PROXY);
  if (baseUrl.startsWith('https:') && trustProxy === false) {
    // The Secure session cookie is only set on requests Express sees as HTTPS.
    throw new ConfigError(
      'Invalid configuration: BASE_URL is https but TRUST_PROXY is not set, so no sign-in or form ' +
        'could work; set TRUST_PROXY to the hop count or subnet of the HTTPS proxy (e.g. TRUST_PROXY=1)',
    );
  }
  return Object.freeze({
    port: e.PORT,
    baseUrl,
    authUrl: stripSlash(e.AUTH_URL ?? baseUrl),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    billingUrl: e.BILLING_URL ?? `${baseUrl}/dashboard/billing`,
    planPrices: {
      starter: e.PLAN_PRICE_STARTER || PRICE_ON_REQUEST,
      pro: e.PLAN_PRICE_PRO || PRICE_ON_REQUEST,
      enterprise: e.PLAN_PRICE_ENTERPRISE || PRICE_ON_REQUEST,
    },
    trustProxy,
    logLevel: e.LOG_LEVEL,
    paymentGraceDays: e.PAYMENT_GRACE_DAYS,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    apiKeyCacheSeconds: e.API_KEY_CACHE_SECONDS,
    sessionSecret: e.SESSION_SECRET,
    passwordHashCost: scryptCost(e.PASSWORD_SCRYPT_LOG_N),
    // The public Nominatim allows one request per second; other instances are the operator's.
    geocoder: {
      kind: e.GEOCODER_KIND,
      url: geocoderUrl,
      userAgent: e.GEOCODER_USER_AGENT,
      minIntervalMs:
        e.GEOCODER_MIN_INTERVAL_MS ??
        (geocoderUrl.includes('nominatim.openstreetmap.org') ? 1000 : 0),
    },
    sourcesFile: e.BRW_SOURCES_FILE,
    parcelSourcesFile: e.PARCEL_SOURCES_FILE,
    addresses: {
      sourcesFile: e.ADDRESS_SOURCES_FILE,
      filesDir: e.ADDRESS_FILES_DIR,
      allowHosts: e.DOWNLOAD_ALLOW_HOSTS.split(',')
        .map((host) => host.trim().toLowerCase())
        .filter((host) => host !== ''),
    },
    zones: { sourcesFile: e.ZONE_SETS_FILE, filesDir: e.ZONE_FILES_DIR },
    cache: {
      freshSeconds: e.CACHE_FRESH_SECONDS,
      maxAgeSeconds: e.CACHE_MAX_AGE_SECONDS,
      hotSeconds: e.CACHE_HOT_SECONDS,
    },
    upstreamTimeoutMs: e.UPSTREAM_TIMEOUT_MS,
    sourceMaxConcurrency: e.SOURCE_MAX_CONCURRENCY,
    offerWatchDelayMs: e.OFFER_WATCH_DELAY_SECONDS * 1000,
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM ?? `Bodenrichtwert <noreply@${new URL(baseUrl).hostname}>`,
    },
    upstreamSlotsPerCaller: e.UPSTREAM_SLOTS_PER_CALLER,
    http: {
      requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_MS,
      keepAliveTimeoutMs: e.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      maxConnections: e.HTTP_MAX_CONNECTIONS,
    },
    eventLoopReportMs: e.EVENT_LOOP_REPORT_MS,
    map: { tileUrl: e.MAP_TILE_URL, tileAttribution: e.MAP_TILE_ATTRIBUTION },
  });
}

function stripSlash(url: string): string {
  return url.replace(/\/+$/, '');
}
