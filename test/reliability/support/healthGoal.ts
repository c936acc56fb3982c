// The goal of issue 50, /healthz within 100 ms while the service works on a
// hostile geometry or document, held where it can be held on a shared
// machine. Two measurements of one window: the service's own account of its
// event loop (EVENT_LOOP_REPORT_MS, eventLoopLog.ts) and the round trips of a
// poller in a process of its own (healthPoll.ts).
// Where other work loads the two cores (CI runs test files in parallel; the
// development machine ran at load averages of 15-25), any thread ready to run
// waits for a core: there the idle service's loop stalled 174 ms and the
// idle poller's 531 ms. So the absolute goal is asserted on what the service
// controls: its event loop's longest stall net of the main thread's wait for
// a core (Linux tells that wait per thread), ≤ 100 ms on any load. The round
// trip may exceed the goal by what both ends measurably waited for the
// machine in that window: the service's longest wait for a core within one
// sample and the poller's own longest stall. On a quiet machine both are a
// few ms, so the bound is the goal itself.
import { expect } from 'vitest';
import type { LoopStalls } from './eventLoopLog.js';
import type { HealthFigures } from './healthPoll.js';

/** The /healthz budget of issue 50. */
export const HEALTHZ_MS = 100;

const roundTripBound = (polls: HealthFigures, loop: LoopStalls) =>
  HEALTHZ_MS + (loop.waitMs ?? 0) + polls.pollerStallMs;

/** The figures of one window as a line for the artifacts. */
export function healthLine(polls: HealthFigures, loop: LoopStalls): string {
  return (
    `slowest /healthz of ${polls.count}: ${polls.maxMs} ms (p99 ${polls.p99Ms} ms, ` +
    `bound ${roundTripBound(polls, loop)} ms); the service's event loop over ${loop.periods} ` +
    `periods: longest stall ${loop.maxMs} ms, net of waiting for a core ${loop.ownMs ?? '–'} ms, ` +
    `longest wait for a core ${loop.waitMs ?? '–'} ms; the poller's own longest stall ` +
    `${polls.pollerStallMs} ms`
  );
}

/** Asserts the goal for one window. */
export function expectPromptHealth(polls: HealthFigures, loop: LoopStalls): void {
  const line = healthLine(polls, loop);
  expect(polls.failures).toEqual([]);
  expect(loop.periods, 'the service reported its event loop').toBeGreaterThan(0);
  // Linux (CI, the container of docs/operations.md) tells the wait for a core.
  if (process.platform === 'linux') expect(loop.ownMs, line).toBeDefined();
  expect(loop.ownMs ?? loop.maxMs, line).toBeLessThanOrEqual(HEALTHZ_MS);
  expect(polls.maxMs, line).toBeLessThanOrEqual(roundTripBound(polls, loop));
}
