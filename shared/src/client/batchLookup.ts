// The batch endpoint from the add-ins' side: the plan (distinct addresses in
// chunks of at most 100) and the reading of its answer into one outcome per
// address. The transport (fetch in Excel, UrlFetchApp in Sheets) stays in each add-in.
import { MAX_BATCH_ADDRESSES } from '../apiTypes.js';
import { AppError, ErrorCode, fail, ok, type Result } from '../errors.js';
import { errorFromResponse } from './apiErrors.js';
import { addressKey, normalizeAddress, type LookupOutcome } from './lookupOutcome.js';
import { datedLookupKey } from './stichtagArgument.js';
import { isBodenrichtwertResponse, isObject } from './responseShape.js';

export const BATCH_PATH = '/api/bodenrichtwert/batch';

/** The Prefer header of a batch that may run `seconds` before answering what is ready (RFC 7240). */
export function preferWait(seconds: number): string {
  return `wait=${Math.max(1, Math.min(60, Math.floor(seconds)))}`;
}

/** An item the service is still working on: ask again after `retryAfterMs`, free of charge. */
export interface PendingOutcome {
  kind: 'pending';
  retryAfterMs: number;
}

export type BatchItemOutcome = LookupOutcome | PendingOutcome;

/** Longest wait a pending item may ask for, as for Retry-After. */
const MAX_PENDING_WAIT_MS = 60_000;

export interface PendingLookup {
  /** datedLookupKey of the address and date: the key of caches and de-duplication. */
  key: string;
  /** The address as sent (first spelling seen). */
  address: string;
  /** YYYY-MM-DD of a dated lookup; absent for the current values. */
  stichtag?: string | undefined;
}

/** The lookup of an address (at a date): its key, and its first spelling to send. */
export function pendingLookup(raw: string, stichtag?: string): PendingLookup {
  const address = normalizeAddress(raw);
  const key = datedLookupKey(addressKey(address), stichtag);
  return stichtag === undefined ? { key, address } : { key, address, stichtag };
}

/** Distinct non-blank addresses in first-seen order. */
export function pendingLookups(addresses: Iterable<string>, stichtag?: string): PendingLookup[] {
  const seen = new Map<string, PendingLookup>();
  for (const raw of addresses) {
    const lookup = pendingLookup(raw, stichtag);
    if (lookup.address !== '' && !seen.has(lookup.key)) seen.set(lookup.key, lookup);
  }
  return [...seen.values()];
}

/**
 * Takes the next chunk off the queue: up to `size` lookups of the date of the
 * first one (a batch asks every address at one date), keeping the others' order.
 */
export function takeChunk(queue: PendingLookup[], size: number): PendingLookup[] {
  const date = queue[0]?.stichtag;
  const chunk: PendingLookup[] = [];
  for (let i = 0; i < queue.length && chunk.length < size;) {
    if (queue[i]?.stichtag === date) chunk.push(...queue.splice(i, 1));
    else i += 1;
  }
  return chunk;
}

export function chunks<T>(items: readonly T[], size = MAX_BATCH_ADDRESSES): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) {
    result.push(items.slice(start, start + size));
  }
  return result;
}

/**
 * The JSON body of one batch request (every land use: cells pick theirs
 * locally). The lookups share one date (`takeChunk`, or a queue per date).
 */
export function batchRequestBody(lookups: readonly PendingLookup[]): string {
  const stichtag = lookups[0]?.stichtag;
  return JSON.stringify({
    addresses: lookups.map(({ address }) => address),
    ...(stichtag === undefined ? {} : { stichtag }),
  });
}

const unexpected = () =>
  new AppError(ErrorCode.serviceError, 'Der Dienst hat eine unerwartete Antwort gesendet.');

function itemOutcome(item: unknown): BatchItemOutcome {
  if (!isObject(item)) return { kind: 'failed', error: unexpected() };
  const status = typeof item['status'] === 'number' ? item['status'] : 500;
  if (status === 202 && item['error'] === 'pending') {
    const seconds = typeof item['retry_after'] === 'number' ? item['retry_after'] : 1;
    return {
      kind: 'pending',
      retryAfterMs: Math.min(Math.max(seconds, 0) * 1000, MAX_PENDING_WAIT_MS),
    };
  }
  if (status === 200) {
    return isBodenrichtwertResponse(item)
      ? { kind: 'found', response: item }
      : { kind: 'failed', error: unexpected() };
  }
  return { kind: 'failed', error: errorFromResponse(status, item) };
}

/**
 * One outcome per address of the chunk, by address key (pending ones
 * included), or the error of the whole request (401, 429, 5xx, a body that is
 * not a batch answer).
 */
export function readBatchAnswer(
  status: number,
  body: unknown,
  lookups: readonly PendingLookup[],
): Result<Map<string, BatchItemOutcome>> {
  if (status !== 200) return fail(errorFromResponse(status, body));
  const results = isObject(body) ? body['results'] : undefined;
  if (!Array.isArray(results) || results.length !== lookups.length) return fail(unexpected());
  return ok(new Map(lookups.map(({ key }, index) => [key, itemOutcome(results[index])])));
}

/** The final outcomes of a batch answer (what may be kept), without the pending ones. */
export function finalOutcomes(
  outcomes: ReadonlyMap<string, BatchItemOutcome>,
): Map<string, LookupOutcome> {
  const final = new Map<string, LookupOutcome>();
  for (const [key, outcome] of outcomes) if (outcome.kind !== 'pending') final.set(key, outcome);
  return final;
}
