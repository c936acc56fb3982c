// The goal of issue 50, /healthz within 100 ms while the service works on a
// hostile geometry or document, held where it can be held on a shared
// machine. Two measurements of one window: the service's own account of its
// event loop (EVENT_LOOP_REPORT_MS, eventLoopLog.ts) and the round trips of a
// poller in a process of its own (healthPoll.ts). The poller's own event loop,
// sampled the same way as the service's, is the control: a process with
// nothing to do, on the same cores at the same moment. Where other work loads
// the machine (CI runs test files in parallel on two cores), a thread that is
// ready to run still waits for a core, the control's stall shows how long,
// and the service is held to the goal plus that wait: on a quiet machine the
// control stalls a few ms, so the bound is the goal itself.
import { expect } from 'vitest';
import type { LoopStalls } from './eventLoopLog.js';
import type { HealthFigures } from './healthPoll.js';

/** The /healthz budget of issue 50. */
export const HEALTHZ_MS = 100;

/** The figures of one window as a line for the artifacts. */
export function healthLine(polls: HealthFigures, loop: LoopStalls): string {
  return (
    `slowest /healthz of ${polls.count}: ${polls.maxMs} ms (p99 ${polls.p99Ms} ms); ` +
    `the service's longest event-loop stall: ${loop.maxMs} ms over ${loop.periods} periods; ` +
    `control (the poller's own stall): ${polls.pollerStallMs} ms; ` +
    `bound ${HEALTHZ_MS + polls.pollerStallMs} ms`
  );
}

/** Asserts the goal for one window. */
export function expectPromptHealth(polls: HealthFigures, loop: LoopStalls): void {
  const bound = HEALTHZ_MS + polls.pollerStallMs;
  const line = healthLine(polls, loop);
  expect(polls.failures).toEqual([]);
  expect(loop.periods, 'the service reported its event loop').toBeGreaterThan(0);
  expect(loop.maxMs, line).toBeLessThanOrEqual(bound);
  expect(polls.maxMs, line).toBeLessThanOrEqual(bound);
}
