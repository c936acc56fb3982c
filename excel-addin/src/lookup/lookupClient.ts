// Land-value lookups for the custom functions, shaped for workbooks with a
// thousand addresses: answers kept across sessions come first, the rest go out
// through the batch endpoint (distinct addresses, chunks of 100, a few chunks
// at once). One lookup per address fetches every land-use entry; each cell
// picks its code and field locally, so BODENRICHTWERT(A2;"W") and
// BODENRICHTWERT(A2;"G";"stichtag") cost one lookup.
import {
  BATCH_PATH,
  batchRequestBody,
  finalOutcomes,
  missingKeyError,
  preferWait,
  pendingLookup,
  readBatchAnswer,
  type BodenrichtwertResponse,
  type LookupOutcome,
} from '#shared/index.js';
import type { SettingsStore } from '../settings/settingsStore.js';
import type { AnswerStore } from './answerStore.js';
import { callApi, type HttpDeps } from './apiRequest.js';
import type { AttributionLog } from './attributionLog.js';
import { createBatchQueue, type BatchQueue } from './batchQueue.js';
import type { ProgressTracker } from './progressTracker.js';

export interface LookupClientOptions {
  http: HttpDeps;
  settings: SettingsStore;
  attributions: AttributionLog;
  answers: AnswerStore;
  /** Counts the addresses sent to the service, for the task pane. */
  progress: ProgressTracker;
  /** Waits for the other cells of a recalculation before a batch is sent. */
  batchWindow: () => Promise<void>;
  maxParallelBatches: number;
  /** How long the service may work on a batch before it answers what is ready (Prefer: wait). */
  batchWaitSeconds: number;
  /** A batch answers within its wait; the margin covers the network. */
  batchTimeoutMs: number;
  /** Waits before pending addresses are asked again. */
  sleep: (ms: number) => Promise<void>;
}

export interface LookupClient {
  /**
   * All entries at the address (at the date, YYYY-MM-DD); throws AppError.
   * `onPending` is told whenever the service answers it as still pending; the
   * client asks again by itself and resolves once the answer is there.
   */
  lookup(
    address: string,
    signal?: AbortSignal,
    stichtag?: string,
    onPending?: () => void,
  ): Promise<BodenrichtwertResponse>;
}

export function createLookupClient(options: LookupClientOptions): LookupClient {
  const { http, settings, attributions, answers, progress } = options;
  /**
   * One queue per service URL and date: a queued batch goes where its
   * addresses were meant to go, and asks them all at one date.
   */
  const queues = new Map<string, BatchQueue>();

  function queueFor(serviceUrl: string, stichtag: string | undefined): BatchQueue {
    const name = `${serviceUrl} ${stichtag ?? ''}`;
    let queue = queues.get(name);
    if (queue === undefined) {
      queue = createBatchQueue({
        window: options.batchWindow,
        sleep: options.sleep,
        maxParallel: options.maxParallelBatches,
        async send(lookups) {
          // The key as of sending, so a key saved meanwhile is used.
          const current = await settings.get();
          const answer = await callApi(http, current, {
            path: BATCH_PATH,
            json: batchRequestBody(lookups),
            timeoutMs: options.batchTimeoutMs,
            headers: { Prefer: preferWait(options.batchWaitSeconds) },
          });
          const outcomes = readBatchAnswer(answer.status, answer.body, lookups);
          if (!outcomes.ok) throw outcomes.error;
          // Kept at once: nothing a batch paid for is lost, whatever happens to the others.
          answers.put(serviceUrl, finalOutcomes(outcomes.value));
          return outcomes.value;
        },
      });
      queues.set(name, queue);
    }
    return queue;
  }

  async function outcomeOf(
    address: string,
    stichtag: string | undefined,
    signal?: AbortSignal,
    onPending?: () => void,
  ): Promise<LookupOutcome> {
    const { apiKey, serviceUrl } = await settings.get();
    const lookup = pendingLookup(address, stichtag);
    // Kept answers are shown even without a key: they were paid for.
    const kept = await answers.get(serviceUrl, lookup.key);
    if (kept !== undefined) return kept;
    if (apiKey === '') throw missingKeyError();
    progress.started(lookup.key);
    try {
      const outcome = await queueFor(serviceUrl, stichtag).request(lookup, signal, onPending);
      progress.finished(lookup.key, outcome.kind === 'failed');
      return outcome;
    } catch (error) {
      progress.finished(lookup.key, true);
      throw error;
    }
  }

  return {
    async lookup(address, signal, stichtag, onPending) {
      const outcome = await outcomeOf(address, stichtag, signal, onPending);
      if (outcome.kind === 'failed') throw outcome.error;
      attributions.record(outcome.response.attribution);
      return outcome.response;
    },
  };
}
