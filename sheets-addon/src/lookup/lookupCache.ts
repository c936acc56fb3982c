// Lookup answers kept in the document cache (CacheService), so recalculating
// an unchanged range asks the service nothing. Keys hash the service URL and
// the address: CacheService keys are limited to 250 characters.
import { AppError, ErrorCode, type ErrorDetails } from '../../../shared/src/index.js';
import type { AddonServices } from '../ports.js';
import { isBodenrichtwertResponse } from './responseShape.js';
import type { LookupOutcome } from './outcome.js';

/** CacheService's maximum; the server itself keeps values fresh for 24 hours. */
const FOUND_TTL_SECONDS = 6 * 60 * 60;
/** Stale server answers and definite misses are asked again sooner. */
const SHORT_TTL_SECONDS = 60 * 60;

/** Errors that a repeated request would answer the same way. */
const DEFINITE_ERRORS: readonly string[] = [
  ErrorCode.addressNotFound,
  ErrorCode.noData,
  ErrorCode.restrictedState,
];

interface StoredError {
  code: ErrorCode;
  message: string;
  details?: ErrorDetails;
}

type Stored = { response: unknown } | { error: StoredError };

export class LookupCache {
  constructor(
    private readonly services: AddonServices,
    private readonly serviceUrl: string,
  ) {}

  key(addressKey: string): string {
    return `brw:lookup:${this.services.digest(`${this.serviceUrl}\n${addressKey}`)}`;
  }

  /** The cached outcomes of the given address keys; uncached keys are absent. */
  read(addressKeys: readonly string[]): Map<string, LookupOutcome> {
    const found = new Map<string, LookupOutcome>();
    const cache = this.services.cache;
    if (cache === null || addressKeys.length === 0) return found;
    const stored = cache.getAll(addressKeys.map((key) => this.key(key)));
    for (const addressKey of addressKeys) {
      const text = stored[this.key(addressKey)];
      const outcome = text === undefined ? undefined : revive(text);
      if (outcome !== undefined) found.set(addressKey, outcome);
    }
    return found;
  }

  /** Keeps the answers worth keeping; transient errors are asked again next time. */
  write(outcomes: ReadonlyMap<string, LookupOutcome>): void {
    const cache = this.services.cache;
    if (cache === null) return;
    const long: Record<string, string> = {};
    const short: Record<string, string> = {};
    for (const [addressKey, outcome] of outcomes) {
      if (outcome.kind === 'found') {
        const target = outcome.response.cache_stale === true ? short : long;
        target[this.key(addressKey)] = JSON.stringify({ response: outcome.response });
      } else if (outcome.kind === 'failed' && DEFINITE_ERRORS.includes(outcome.error.code)) {
        const { code, message, details } = outcome.error;
        short[this.key(addressKey)] = JSON.stringify({ error: { code, message, details } });
      }
    }
    if (Object.keys(long).length > 0) cache.putAll(long, FOUND_TTL_SECONDS);
    if (Object.keys(short).length > 0) cache.putAll(short, SHORT_TTL_SECONDS);
  }
}

function revive(text: string): LookupOutcome | undefined {
  let stored: Stored;
  try {
    stored = JSON.parse(text) as Stored;
  } catch {
    return undefined;
  }
  if ('error' in stored) {
    const { code, message, details } = stored.error;
    return { kind: 'failed', error: new AppError(code, message, details ? { details } : {}) };
  }
  return isBodenrichtwertResponse(stored.response)
    ? { kind: 'found', response: stored.response }
    : undefined;
}
