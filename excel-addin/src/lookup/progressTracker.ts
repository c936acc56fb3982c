// Counts the addresses of the current recalculation that go to the service
// (kept answers need no waiting and are not counted). A run starts when an
// address is asked while none is in flight; the last run's figures stay until
// the next one starts, so the pane can show "400 von 400 Adressen, 3 Fehler".
import type { LookupProgress } from '#shared/index.js';

export interface ProgressTracker {
  started(key: string): void;
  finished(key: string, failed: boolean): void;
  /** The current or last run; undefined before the first. */
  current(): LookupProgress | undefined;
  /** Called on every change; returns the unsubscribe function. */
  onChange(listener: () => void): () => void;
}

export function createProgressTracker(): ProgressTracker {
  const inFlight = new Set<string>();
  const listeners = new Set<() => void>();
  let run: LookupProgress | undefined;
  const changed = () => {
    for (const listener of listeners) listener();
  };

  return {
    started(key) {
      // Cells of one address share its request: it is counted once.
      if (inFlight.has(key)) return;
      if (inFlight.size === 0) run = { total: 0, done: 0, failed: 0 };
      inFlight.add(key);
      if (run) run.total += 1;
      changed();
    },
    finished(key, failed) {
      if (!inFlight.delete(key) || run === undefined) return;
      run.done += 1;
      if (failed) run.failed += 1;
      changed();
    },
    current: () => (run === undefined ? undefined : { ...run }),
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
