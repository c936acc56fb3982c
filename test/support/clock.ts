import type { Clock } from '#server/time/clock.js';

/** A clock that only moves when the test says so. */
export interface ManualClock {
  now: Clock;
  set(date: Date | string): void;
  advance(ms: number): void;
}

export function manualClock(start: Date | string = '2026-11-22T10:00:00Z'): ManualClock {
  let current = new Date(start).getTime();
  return {
    now: () => new Date(current),
    set: (date) => {
      current = new Date(date).getTime();
    },
    advance: (ms) => {
      current += ms;
    },
  };
}
