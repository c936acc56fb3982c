// The batch endpoint from the add-ins' side: the plan (distinct addresses in
// chunks of at most 100) and the reading of its answer into one outcome per
// address. The transport (fetch in Excel, UrlFetchApp in Sheets) stays in each add-in.
import { MAX_BATCH_ADDRESSES } from '../apiTypes.js';
import { AppError, ErrorCode, fail, ok, type Result } from '../errors.js';
import { errorFromResponse } from './apiErrors.js';
import { addressKey, normalizeAddress, type LookupOutcome } from './lookupOutcome.js';
import { isBodenrichtwertResponse, isObject } from './responseShape.js';

export const BATCH_PATH = '/api/bodenrichtwert/batch';

export interface PendingLookup {
  /** addressKey of the address: the key of caches and de-duplication. */
  key: string;
  /** The address as sent (first spelling seen). */
  address: string;
}

/** Distinct non-blank addresses in first-seen order. */
export function pendingLookups(addresses: Iterable<string>): PendingLookup[] {
  const seen = new Map<string, PendingLookup>();
  for (const raw of addresses) {
    const address = normalizeAddress(raw);
    const key = addressKey(address);
    if (address !== '' && !seen.has(key)) seen.set(key, { key, address });
  }
  return [...seen.values()];
}

export function chunks<T>(items: readonly T[], size = MAX_BATCH_ADDRESSES): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) {
    result.push(items.slice(start, start + size));
  }
  return result;
}

/** The JSON body of one batch request (every land use: cells pick theirs locally). */
export function batchRequestBody(lookups: readonly PendingLookup[]): string {
  return JSON.stringify({ addresses: lookups.map(({ address }) => address) });
}

const unexpected = () =>
  new AppError(ErrorCode.serviceError, 'Der Dienst hat eine unerwartete Antwort gesendet.');

function itemOutcome(item: unknown): LookupOutcome {
  if (!isObject(item)) return { kind: 'failed', error: unexpected() };
  const status = typeof item['status'] === 'number' ? item['status'] : 500;
  if (status === 200) {
    return isBodenrichtwertResponse(item)
      ? { kind: 'found', response: item }
      : { kind: 'failed', error: unexpected() };
  }
  return { kind: 'failed', error: errorFromResponse(status, item) };
}

/**
 * One outcome per address of the chunk, by address key, or the error of the
 * whole request (401, 429, 5xx, a body that is not a batch answer).
 */
export function readBatchAnswer(
  status: number,
  body: unknown,
  lookups: readonly PendingLookup[],
): Result<Map<string, LookupOutcome>> {
  if (status !== 200) return fail(errorFromResponse(status, body));
  const results = isObject(body) ? body['results'] : undefined;
  if (!Array.isArray(results) || results.length !== lookups.length) return fail(unexpected());
  return ok(new Map(lookups.map(({ key }, index) => [key, itemOutcome(results[index])])));
}
