// Timers the test moves by hand, for the bundle's timeouts: a hanging request
// can be shown to end exactly when its timeout elapses, without waiting for it.

export interface ManualTimers {
  setTimeout(callback: () => void, ms?: number): number;
  clearTimeout(id: number | undefined): void;
  /** Runs every timer due within `ms`, in order. */
  advance(ms: number): void;
  pending(): number;
}

export function createManualTimers(): ManualTimers {
  let now = 0;
  let nextId = 1;
  const timers = new Map<number, { at: number; callback: () => void }>();
  return {
    setTimeout(callback, ms = 0) {
      const id = nextId++;
      timers.set(id, { at: now + ms, callback });
      return id;
    },
    clearTimeout(id) {
      if (id !== undefined) timers.delete(id);
    },
    advance(ms) {
      now += ms;
      const due = [...timers].filter(([, t]) => t.at <= now).sort((a, b) => a[1].at - b[1].at);
      for (const [id, timer] of due) {
        timers.delete(id);
        timer.callback();
      }
    },
    pending: () => timers.size,
  };
}
