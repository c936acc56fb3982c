// Land-value lookups for the custom functions, shaped for recalculation storms:
// identical lookups in flight share one request, answers are kept for the
// session, and at most a few requests run at once. One request per address
// fetches every land-use entry; the cell picks its code and field locally, so
// BODENRICHTWERT(A2;"W") and BODENRICHTWERT(A2;"G";"stichtag") cost one lookup.
import { LRUCache } from 'lru-cache';
import { AppError, ErrorCode, type BodenrichtwertResponse } from '../../../shared/src/index.js';
import type { SettingsStore } from '../settings/settingsStore.js';
import { getJson, type HttpDeps } from './apiRequest.js';
import type { AttributionLog } from './attributionLog.js';
import { createConcurrencyLimit } from './concurrencyLimit.js';

export interface LookupClientOptions {
  http: HttpDeps;
  settings: SettingsStore;
  attributions: AttributionLog;
  maxConcurrent: number;
  cacheTtlMs: number;
  maxCacheEntries: number;
}

export interface LookupClient {
  /** All entries at the address; throws AppError. */
  lookup(address: string): Promise<BodenrichtwertResponse>;
  /** Forgets cached answers (after a new key or service URL). */
  clear(): void;
}

/** Answers about the address itself are cached, including "not there". */
type Outcome = { found: BodenrichtwertResponse } | { refused: AppError };

const DEFINITE_REFUSALS: ReadonlySet<string> = new Set([
  ErrorCode.addressNotFound,
  ErrorCode.noData,
  ErrorCode.restrictedState,
]);

function isLookupResponse(body: unknown): body is BodenrichtwertResponse {
  if (typeof body !== 'object' || body === null) return false;
  const { bodenrichtwerte, attribution } = body as Partial<BodenrichtwertResponse>;
  return Array.isArray(bodenrichtwerte) && typeof attribution?.text === 'string';
}

/** Case and spacing do not make a different address. */
const normalizeAddress = (address: string): string =>
  address.trim().replace(/\s+/g, ' ').toLowerCase();

export function createLookupClient(options: LookupClientOptions): LookupClient {
  const { http, settings, attributions } = options;
  const limited = createConcurrencyLimit(options.maxConcurrent);

  async function request(address: string): Promise<Outcome> {
    const current = await settings.get();
    try {
      const body = await limited(() => getJson(http, current, '/api/bodenrichtwert', { address }));
      if (isLookupResponse(body)) return { found: body };
      throw new AppError(ErrorCode.serviceError, 'Unerwartete Antwort des Dienstes.');
    } catch (error) {
      if (error instanceof AppError && DEFINITE_REFUSALS.has(error.code)) return { refused: error };
      throw error;
    }
  }

  const cache = new LRUCache<string, Outcome, string>({
    max: options.maxCacheEntries,
    ttl: options.cacheTtlMs,
    // The injected clock is the only time source: no debounce timer of its own.
    perf: { now: () => http.now().getTime() },
    ttlResolution: 0,
    // A lookup started before clear() still answers its waiting cells.
    ignoreFetchAbort: true,
    fetchMethod: (_key, _stale, { context }) => request(context),
  });

  return {
    async lookup(address) {
      const { serviceUrl } = await settings.get();
      const outcome = await cache.fetch(`${serviceUrl}\n${normalizeAddress(address)}`, {
        context: address.trim(),
      });
      if (outcome === undefined) {
        throw new AppError(ErrorCode.serviceError, 'Unerwartete Antwort des Dienstes.');
      }
      if ('refused' in outcome) throw outcome.refused;
      attributions.record(outcome.found.attribution);
      return outcome.found;
    },
    clear: () => cache.clear(),
  };
}
