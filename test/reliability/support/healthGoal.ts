// The goal of issue 50, /healthz within 100 ms while the service works on a
// hostile geometry or document, held where it can be held on a shared
// machine. Two measurements of one window: the service's own account of its
// event loop (EVENT_LOOP_REPORT_MS, eventLoopLog.ts) and the round trips of a
// poller in a process of its own (healthPoll.ts).
// Where other work loads the two cores (CI runs test files in parallel; the
// development machine ran at load averages of 15-26), any thread ready to run
// waits for a core: there the idle service's loop stalled up to 237 ms and the
// idle poller's up to 680 ms, and no wall-clock bound holds. So the goal is
// asserted on what the service controls, on any load: no slice of its own
// work holds the event loop for more than 100 ms of CPU (the main thread's
// time on a core within one 10 ms sample, which Linux tells per thread). The
// round trips and the wall-clock stalls are recorded beside it; every poll
// must be answered.
import { expect } from 'vitest';
import type { LoopStalls } from './eventLoopLog.js';
import type { HealthFigures } from './healthPoll.js';

/** The /healthz budget of issue 50. */
export const HEALTHZ_MS = 100;

/** The figures of one window as a line for the artifacts. */
export function healthLine(polls: HealthFigures, loop: LoopStalls): string {
  return (
    `slowest /healthz of ${polls.count}: ${polls.maxMs} ms (p99 ${polls.p99Ms} ms); ` +
    `the service's event loop over ${loop.periods} periods: longest stall ${loop.maxMs} ms, ` +
    `longest slice of its own work ${loop.cpuMs ?? '–'} ms CPU, longest wait for a core ` +
    `${loop.waitMs ?? '–'} ms; the poller's own longest stall ${polls.pollerStallMs} ms`
  );
}

/** Asserts the goal for one window. */
export function expectPromptHealth(polls: HealthFigures, loop: LoopStalls): void {
  const line = healthLine(polls, loop);
  expect(polls.failures).toEqual([]);
  expect(loop.periods, 'the service reported its event loop').toBeGreaterThan(0);
  // Linux (CI, the container of docs/operations.md) tells the thread's time on a core;
  // elsewhere the wall-clock stall stands in for it.
  if (process.platform === 'linux') expect(loop.cpuMs, line).toBeDefined();
  expect(loop.cpuMs ?? loop.maxMs, line).toBeLessThanOrEqual(HEALTHZ_MS);
}
