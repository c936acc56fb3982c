// Asks the service for the uncached addresses of one formula, in concurrent
// batches (UrlFetchApp.fetchAll), within the time budget of a custom-function
// run. Before each batch it checks that a batch as slow as the slowest so far
// still ends before the deadline; what is left is marked unfinished rather
// than letting Apps Script abort the whole formula at 30 seconds.
import { AppError, ErrorCode, fail, ok, type Result } from '../../../shared/src/index.js';
import { apiRequest, readApiAnswer, type ApiCredentials } from '../api.js';
import type { AddonServices, HttpResponse } from '../ports.js';
import { isBodenrichtwertResponse } from './responseShape.js';
import type { LookupOutcome } from './outcome.js';

/** Requests per fetchAll: bounded so one batch cannot eat the whole budget. */
export const BATCH_SIZE = 20;
/** Waited when a 429 carries no usable Retry-After. */
const DEFAULT_RETRY_AFTER_MS = 1000;

/** After these answers every further request would fail the same way. */
const STOPPING_CODES: readonly string[] = [
  ErrorCode.missingToken,
  ErrorCode.invalidToken,
  ErrorCode.limitReached,
  ErrorCode.paymentPastDue,
];

export interface PendingLookup {
  key: string;
  address: string;
}

export function fetchLookups(
  pending: readonly PendingLookup[],
  credentials: ApiCredentials,
  services: AddonServices,
  deadline: number,
): Map<string, LookupOutcome> {
  const { clock } = services;
  const outcomes = new Map<string, LookupOutcome>();
  const queue = [...pending];
  const failAll = (lookups: readonly PendingLookup[], error: AppError) => {
    for (const { key } of lookups) outcomes.set(key, { kind: 'failed', error });
  };
  let slowestBatch = 0;

  while (queue.length > 0 && clock.now() + slowestBatch <= deadline) {
    const startedAt = clock.now();
    const batch = queue.splice(0, BATCH_SIZE);
    const answers = fetchBatch(batch, credentials, services);
    slowestBatch = Math.max(slowestBatch, clock.now() - startedAt);
    if (!answers.ok) {
      failAll([...batch, ...queue.splice(0)], answers.error);
      break;
    }

    const rateLimited: PendingLookup[] = [];
    let retryAfterMs = 0;
    let rateLimitError: AppError | undefined;
    let stopError: AppError | undefined;
    batch.forEach((lookup, index) => {
      const response = answers.value[index] as HttpResponse;
      const result = readApiAnswer(response, isBodenrichtwertResponse);
      if (result.ok) {
        outcomes.set(lookup.key, { kind: 'found', response: result.value });
      } else if (response.status === 429) {
        rateLimited.push(lookup);
        rateLimitError = result.error;
        retryAfterMs = Math.max(retryAfterMs, retryAfter(response));
      } else {
        outcomes.set(lookup.key, { kind: 'failed', error: result.error });
        if (STOPPING_CODES.includes(result.error.code)) stopError = result.error;
      }
    });

    if (stopError !== undefined) {
      failAll([...rateLimited, ...queue.splice(0)], stopError);
      break;
    }
    if (rateLimitError !== undefined) {
      if (clock.now() + retryAfterMs + slowestBatch > deadline) {
        failAll(rateLimited, rateLimitError);
        break;
      }
      clock.sleep(retryAfterMs);
      queue.unshift(...rateLimited);
    }
  }
  for (const { key } of queue) outcomes.set(key, { kind: 'unfinished' });
  return outcomes;
}

function fetchBatch(
  batch: readonly PendingLookup[],
  credentials: ApiCredentials,
  services: AddonServices,
): Result<HttpResponse[]> {
  const requests = batch.map(({ address }) =>
    apiRequest(credentials, '/api/bodenrichtwert', { address }),
  );
  try {
    return ok(services.http.fetchAll(requests));
  } catch (cause) {
    return fail(
      new AppError(ErrorCode.serviceError, 'Der Dienst ist nicht erreichbar.', { cause }),
    );
  }
}

/** Retry-After in seconds (§7); an HTTP date or garbage falls back to a second. */
function retryAfter(response: HttpResponse): number {
  const value = response.headers['retry-after']?.trim() ?? '';
  return /^\d+$/.test(value) ? Number(value) * 1000 : DEFAULT_RETRY_AFTER_MS;
}
