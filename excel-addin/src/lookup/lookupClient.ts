// Land-value lookups for the custom functions, shaped for workbooks with a
// thousand addresses: the answers the workbook keeps come first (always, unless
// the valuer asks to refresh), the rest go out through the batch endpoint
// (distinct addresses, chunks of 100, a few chunks at once). One lookup per
// address fetches every land-use entry; each cell picks its code and field
// locally, so BODENRICHTWERT(A2;"W") and BODENRICHTWERT(A2;"G";"stichtag") cost
// one lookup.
import {
  AppError,
  BATCH_PATH,
  DEFINITE_ERRORS,
  batchRequestBody,
  cellMessage,
  finalOutcomes,
  listedAttribution,
  missingKeyError,
  preferWait,
  pendingLookup,
  readBatchAnswer,
  type BodenrichtwertResponse,
  type LookupOutcome,
} from '#shared/index.js';
import type { SettingsStore } from '../settings/settingsStore.js';
import { callApi, type HttpDeps } from './apiRequest.js';
import type { AttributionLog } from './attributionLog.js';
import { createBatchQueue, type BatchQueue } from './batchQueue.js';
import type { ProgressTracker } from './progressTracker.js';
import type { WorkbookAnswers } from './workbookAnswers.js';

export interface LookupClientOptions {
  http: HttpDeps;
  settings: SettingsStore;
  attributions: AttributionLog;
  answers: Pick<WorkbookAnswers, 'get' | 'put'>;
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

export interface LookupRequest {
  signal?: AbortSignal | undefined;
  /** YYYY-MM-DD of a dated lookup. */
  stichtag?: string | undefined;
  /**
   * Told whenever the service answers the address as still pending; the
   * client asks again by itself and resolves once the answer is there.
   */
  onPending?: (() => void) | undefined;
  /**
   * Ask the service even though the workbook keeps an answer ("Aktualisieren").
   * When the service fails for a passing reason, the kept answer stays.
   */
  refresh?: boolean | undefined;
}

export interface LookupClient {
  /** All entries at the address; throws AppError. */
  lookup(address: string, request?: LookupRequest): Promise<BodenrichtwertResponse>;
  /** Told when a refresh failed for a passing reason and the kept answer stays (the message). */
  onKeptAnswer(listener: (message: string) => void): void;
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
          answers.put(finalOutcomes(outcomes.value), stichtag);
          return outcomes.value;
        },
      });
      queues.set(name, queue);
    }
    return queue;
  }

  const keptListeners = new Set<(message: string) => void>();
  /** A refresh that failed for a passing reason leaves the kept answer in place. */
  function keptInstead(kept: LookupOutcome, error: unknown): LookupOutcome {
    const message =
      error instanceof AppError ? cellMessage(error, 'excel') : 'Der Dienst ist nicht erreichbar.';
    for (const listener of keptListeners) listener(message);
    return kept;
  }

  async function outcomeOf(address: string, request: LookupRequest): Promise<LookupOutcome> {
    const { stichtag, signal, onPending, refresh = false } = request;
    const { apiKey, serviceUrl } = await settings.get();
    const lookup = pendingLookup(address, stichtag);
    // The workbook's answers are shown even without a key: they are its record.
    const kept = await answers.get(lookup.key);
    if (kept !== undefined && !refresh) return kept;
    if (apiKey === '') {
      if (kept !== undefined) return keptInstead(kept, missingKeyError());
      throw missingKeyError();
    }
    progress.started(lookup.key);
    let outcome: LookupOutcome;
    try {
      outcome = await queueFor(serviceUrl, stichtag).request(lookup, signal, onPending);
    } catch (error) {
      progress.finished(lookup.key, true);
      if (kept !== undefined && !signal?.aborted) return keptInstead(kept, error);
      throw error;
    }
    progress.finished(lookup.key, outcome.kind === 'failed');
    if (
      outcome.kind === 'failed' &&
      kept !== undefined &&
      !DEFINITE_ERRORS.has(outcome.error.code)
    ) {
      return keptInstead(kept, outcome.error);
    }
    return outcome;
  }

  return {
    async lookup(address, request = {}) {
      const outcome = await outcomeOf(address, request);
      if (outcome.kind === 'failed') throw outcome.error;
      attributions.record(listedAttribution(outcome.response));
      return outcome.response;
    },
    onKeptAnswer: (listener) => void keptListeners.add(listener),
  };
}
