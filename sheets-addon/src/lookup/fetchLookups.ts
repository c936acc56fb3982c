// Asks the batch endpoint for the uncached addresses of one formula within the
// time budget of a custom-function run (Apps Script kills it at 30 seconds and
// UrlFetchApp has no timeout of its own). The first chunk is small and
// measures the time per address; each further chunk is as large as the
// remaining budget allows at the rate of the chunk before (at most 100, at
// most four times the previous chunk, at most MAX_CHUNK_MS of predicted time,
// which leaves the budget's margin for a chunk twice as slow as predicted).
// Every chunk's answers are handed to `onChunk` (the cache) at once, so a run
// that stops early loses nothing; what is left is marked unfinished. Each
// batch asks the service to answer within the time left (Prefer: wait), so a
// slow service (a public geocoder's pace) gives pending items instead of
// running into Google's 30-second kill; the service finishes them meanwhile.
import {
  AppError,
  MAX_BATCH_ADDRESSES,
  BATCH_PATH,
  ErrorCode,
  STOPPING_ERRORS,
  batchRequestBody,
  errorFromResponse,
  fail,
  finalOutcomes,
  ok,
  parseAnswerBody,
  preferWait,
  readBatchAnswer,
  retryWaitMs,
  takeChunk,
  type LookupOutcome,
  type PendingLookup,
  type Result,
} from '#shared/index.js';
import { apiRequest, type ApiCredentials } from '../api.js';
import type { AddonServices, HttpResponse } from '../ports.js';
import { allowlistError } from '../urlAllowlist.js';
import type { SheetsOutcome } from './outcome.js';

/** The first request of a run, before any latency is known. */
export const FIRST_CHUNK_SIZE = 5;
/** The predicted time of one chunk, so one misjudged chunk cannot eat the budget. */
export const MAX_CHUNK_MS = 8000;

export type ChunkListener = (outcomes: ReadonlyMap<string, LookupOutcome>) => void;

function nextChunkSize(remainingMs: number, msPerAddress: number | undefined, previous: number) {
  if (msPerAddress === undefined) return FIRST_CHUNK_SIZE;
  const affordable = Math.floor(Math.min(remainingMs, MAX_CHUNK_MS) / Math.max(msPerAddress, 1));
  return Math.min(MAX_BATCH_ADDRESSES, previous * 4, affordable);
}

export function fetchLookups(
  pending: readonly PendingLookup[],
  credentials: ApiCredentials,
  services: Pick<AddonServices, 'http' | 'clock'>,
  deadline: number,
  onChunk: ChunkListener,
): Map<string, SheetsOutcome> {
  const { clock } = services;
  const outcomes = new Map<string, SheetsOutcome>();
  const queue = [...pending];
  const failAll = (lookups: readonly PendingLookup[], error: AppError) => {
    for (const { key } of lookups) outcomes.set(key, { kind: 'failed', error });
  };
  let msPerAddress: number | undefined;
  let size = 0;
  const refused = allowlistError(credentials.serviceUrl);
  if (refused) failAll(queue.splice(0), refused);

  while (queue.length > 0) {
    size = nextChunkSize(deadline - clock.now(), msPerAddress, size);
    if (size < 1) break;
    const chunk = takeChunk(queue, size);
    const startedAt = clock.now();
    // Whole seconds left of the budget, at least one: the service answers within them.
    const waitSeconds = Math.max(1, Math.floor((deadline - startedAt) / 1000));
    const answer = postChunk(chunk, credentials, services, waitSeconds);
    // The latest chunk is the best estimate: the same server load, a similar size.
    msPerAddress = (clock.now() - startedAt) / chunk.length;
    if (!answer.ok) {
      failAll([...chunk, ...queue.splice(0)], answer.error);
      break;
    }
    if (answer.value.status === 429) {
      // Waited only when the wait and another chunk still fit the budget.
      const wait = retryWaitMs(answer.value.headers['retry-after'], clock.now());
      if (clock.now() + wait + msPerAddress * FIRST_CHUNK_SIZE > deadline) {
        failAll(chunk, errorFromResponse(429, parseAnswerBody(answer.value.body)));
        break;
      }
      clock.sleep(wait);
      queue.unshift(...chunk);
      size = Math.max(1, Math.floor(size / 4)); // grows again from the measured rate
      continue;
    }
    const read = readBatchAnswer(answer.value.status, parseAnswerBody(answer.value.body), chunk);
    if (!read.ok) {
      failAll([...chunk, ...queue.splice(0)], read.error);
      break;
    }
    onChunk(finalOutcomes(read.value));
    for (const [key, outcome] of read.value) outcomes.set(key, outcome);
    const stop = [...read.value.values()].find(
      (outcome) => outcome.kind === 'failed' && STOPPING_ERRORS.has(outcome.error.code),
    );
    if (stop?.kind === 'failed') {
      failAll(queue.splice(0), stop.error);
      break;
    }
  }
  for (const { key } of queue) outcomes.set(key, { kind: 'unfinished' });
  return outcomes;
}

function postChunk(
  chunk: readonly PendingLookup[],
  credentials: ApiCredentials,
  services: Pick<AddonServices, 'http'>,
  waitSeconds: number,
): Result<HttpResponse> {
  const plain = apiRequest(credentials, BATCH_PATH, batchRequestBody(chunk));
  const request = { ...plain, headers: { ...plain.headers, Prefer: preferWait(waitSeconds) } };
  try {
    const [response] = services.http.fetchAll([request]);
    if (response !== undefined) return ok(response);
  } catch (cause) {
    return fail(
      new AppError(ErrorCode.serviceError, 'Der Dienst ist nicht erreichbar.', { cause }),
    );
  }
  return fail(new AppError(ErrorCode.serviceError, 'Keine Antwort des Dienstes.'));
}
