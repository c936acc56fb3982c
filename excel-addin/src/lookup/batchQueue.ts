// Collects the addresses of one recalculation and sends them as batches. Excel
// calls every formula on its own, so the queue waits a short window for the
// other cells, then sends the distinct addresses in chunks of at most 100,
// a few chunks at once; the next chunk goes when one comes back, so the
// service never has more addresses of this workbook in its line than those
// chunks hold (a slow geocoder would otherwise let them wait past its limit). Identical addresses in flight share one request; a
// canceled cell drops its address from chunks not sent yet. An address the
// service answers as pending (its batch's wait ended first) stays queued and
// is asked again after its retry_after, free of charge, until it has its
// answer; the chunk size follows how many addresses a batch got done.
import {
  AppError,
  MAX_BATCH_ADDRESSES,
  ErrorCode,
  type BatchItemOutcome,
  type LookupOutcome,
  type PendingLookup,
} from '#shared/index.js';

export interface BatchQueueOptions {
  /** Resolves when the other cells of this recalculation have had time to arrive. */
  window: () => Promise<void>;
  /** One outcome per address of the chunk; throws AppError when the whole request failed. */
  send: (lookups: PendingLookup[]) => Promise<Map<string, BatchItemOutcome>>;
  /** Waits before pending addresses are asked again. */
  sleep: (ms: number) => Promise<void>;
  maxParallel: number;
  chunkSize?: number;
  /** Called whenever an address is answered as pending (the task pane counts them). */
  onPending?: (key: string) => void;
}

/** The smallest chunk the size shrinks to after a slow batch. */
export const MIN_CHUNK_SIZE = 10;

export interface BatchQueue {
  /** `onPending`: told each time the service answers the address as pending. */
  request(
    lookup: PendingLookup,
    signal?: AbortSignal,
    onPending?: () => void,
  ): Promise<LookupOutcome>;
}

interface Entry {
  lookup: PendingLookup;
  /** Cells still waiting; an entry nobody waits for is not sent. */
  waiters: number;
  /** The cells' listeners for a pending answer ("wird geladen …"). */
  pendingListeners: Set<() => void>;
  /** The service answered it as pending at least once: a cell asking later hears so at once. */
  pendingSeen: boolean;
  resolve(outcome: LookupOutcome): void;
  reject(error: unknown): void;
}

const canceled = () => new AppError(ErrorCode.serviceError, 'Berechnung abgebrochen.');

const missingItem = () =>
  new AppError(ErrorCode.serviceError, 'Der Dienst hat eine unerwartete Antwort gesendet.');

export function createBatchQueue(options: BatchQueueOptions): BatchQueue {
  // One listener per signal: a range formula's cells share its signal.
  const abortHandlers = new WeakMap<AbortSignal, (() => void)[]>();
  const onAbort = (signal: AbortSignal, handler: () => void) => {
    let handlers = abortHandlers.get(signal);
    if (handlers === undefined) {
      const list: (() => void)[] = [];
      handlers = list;
      abortHandlers.set(signal, list);
      signal.addEventListener('abort', () => list.splice(0).forEach((h) => h()), { once: true });
    }
    handlers.push(handler);
  };
  const pending = new Map<string, { entry: Entry; promise: Promise<LookupOutcome> }>();
  const queued: Entry[] = [];
  const largest = options.chunkSize ?? MAX_BATCH_ADDRESSES;
  let chunkSize = largest;

  const forget = (entry: Entry) => pending.delete(entry.lookup.key);

  /** A batch that left addresses pending was too large for its wait; one that finished may grow. */
  function adaptChunkSize(sent: number, done: number): void {
    chunkSize =
      done < sent
        ? Math.max(Math.min(MIN_CHUNK_SIZE, largest), done)
        : Math.min(largest, Math.max(chunkSize, sent * 2));
  }

  /** Pending addresses go first when asked again: the service is already working on them. */
  function requeue(entries: readonly Entry[], waitMs: number): void {
    void options.sleep(waitMs).then(() => {
      queued.unshift(...entries);
      pump();
    });
  }

  async function sendChunk(chunk: readonly Entry[]): Promise<void> {
    const live = chunk.filter((entry) => entry.waiters > 0);
    for (const entry of chunk) if (entry.waiters === 0) forget(entry);
    if (live.length === 0) return;
    const later: Entry[] = [];
    let waitMs = 0;
    try {
      const outcomes = await options.send(live.map((entry) => entry.lookup));
      for (const entry of live) {
        const outcome = outcomes.get(entry.lookup.key);
        if (outcome?.kind === 'pending') {
          later.push(entry);
          entry.pendingSeen = true;
          waitMs = Math.max(waitMs, outcome.retryAfterMs);
          options.onPending?.(entry.lookup.key);
          for (const listener of entry.pendingListeners) listener();
        } else {
          forget(entry);
          entry.resolve(outcome ?? { kind: 'failed', error: missingItem() });
        }
      }
      adaptChunkSize(live.length, live.length - later.length);
    } catch (error) {
      for (const entry of live) {
        forget(entry);
        entry.reject(error);
      }
    }
    if (later.length > 0) requeue(later, waitMs);
  }

  let inFlight = 0;
  let windowOpen = false;

  /** Sends chunks while fewer than maxParallel are out; each one back sends the next. */
  function pump(): void {
    while (inFlight < options.maxParallel && queued.length > 0) {
      const chunk = queued.splice(0, chunkSize);
      inFlight += 1;
      void sendChunk(chunk).finally(() => {
        inFlight -= 1;
        pump();
      });
    }
  }

  /** The first address of a recalculation waits the window for the others. */
  function flush(): void {
    if (windowOpen) return;
    windowOpen = true;
    void options.window().then(() => {
      windowOpen = false;
      pump();
    });
  }

  function enqueue(lookup: PendingLookup): { entry: Entry; promise: Promise<LookupOutcome> } {
    let entry!: Entry;
    const promise = new Promise<LookupOutcome>((resolve, reject) => {
      entry = {
        lookup,
        waiters: 0,
        pendingListeners: new Set(),
        pendingSeen: false,
        resolve,
        reject,
      };
    });
    if (queued.length === 0 && inFlight === 0) flush();
    queued.push(entry);
    const slot = { entry, promise };
    pending.set(lookup.key, slot);
    return slot;
  }

  return {
    request(lookup, signal, onPending) {
      const { entry, promise } = pending.get(lookup.key) ?? enqueue(lookup);
      entry.waiters++;
      if (onPending) {
        entry.pendingListeners.add(onPending);
        if (entry.pendingSeen) void Promise.resolve().then(onPending);
      }
      if (signal === undefined) return promise;
      if (signal.aborted) {
        entry.waiters--;
        return Promise.reject(canceled());
      }
      return new Promise((resolve, reject) => {
        let settled = false;
        onAbort(signal, () => {
          if (settled) return;
          settled = true;
          entry.waiters--;
          reject(canceled());
        });
        promise.then(
          (outcome) => {
            settled = true;
            resolve(outcome);
          },
          (error: unknown) => {
            settled = true;
            reject(error);
          },
        );
      });
    },
  };
}
