// Bounds the requests this instance sends to each state's land-value service
// at once (SOURCE_MAX_CONCURRENCY): a batch of a hundred addresses in one
// state, or a burst of single lookups, queues here instead of storming an
// official service. The wait does not count against the upstream timeout.
import pLimit, { type LimitFunction } from 'p-limit';

/** Runs `work` once fewer than the bound of calls for `state` are running. */
export type SourceGate = <T>(state: string, work: () => Promise<T>) => Promise<T>;

export function createSourceGate(maxConcurrent: number): SourceGate {
  const perState = new Map<string, LimitFunction>();
  return (state, work) => {
    let limit = perState.get(state);
    if (!limit) {
      limit = pLimit(maxConcurrent);
      perState.set(state, limit);
    }
    return limit(work);
  };
}
