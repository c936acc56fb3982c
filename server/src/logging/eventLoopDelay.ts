// An operator's (and the load tests') view of the event loop: when
// EVENT_LOOP_REPORT_MS is set, how late the main thread's event loop ran a
// 10 ms timer is logged once per period (the slowest lateness and the count of
// samples), so each line tells the longest stall of its period. A stall of
// the loop delays every request of every client, which a client's own timing
// of one request cannot tell apart from the network or its own machine's load.
// Where Linux tells how long the main thread waited for a core
// (/proc/…/schedstat), the line also holds the longest stall net of that
// wait (`ownMs`): what the service's own work held the loop, whatever else
// loads the machine; and the longest such wait within one sample (`waitMs`).
// Not perf_hooks' monitorEventLoopDelay: after its reset() (Node 20) a stall
// right after the reset goes unrecorded, and every period starts with one.
import { readFileSync } from 'node:fs';
import type { Logger } from './logger.js';

/** The sampling period: the finest stall told apart. */
const SAMPLE_MS = 10;
const NS_PER_MS = 1e6;

/** The main thread's time waiting for a core so far (ms), or undefined where not told. */
function runQueueWaitMs(path: string): number | undefined {
  try {
    const wait = Number(readFileSync(path, 'utf8').split(' ')[1]);
    return Number.isFinite(wait) ? wait / NS_PER_MS : undefined;
  } catch {
    return undefined;
  }
}

/** Logs the event loop's delay every `periodMs` (0: not at all); returns the stop. */
export function startEventLoopReport(logger: Logger, periodMs: number): () => void {
  if (periodMs <= 0) return () => undefined;
  // On Linux the main thread's id is the process id.
  const schedstat = `/proc/self/task/${process.pid}/schedstat`;
  let last = performance.now();
  let lastWait = runQueueWaitMs(schedstat);
  let maxMs = 0;
  let ownMs = 0;
  let waitMs = 0;
  let samples = 0;
  let periodStart = last;
  const sampler = setInterval(() => {
    const now = performance.now();
    const wait = runQueueWaitMs(schedstat);
    const late = now - last - SAMPLE_MS;
    maxMs = Math.max(maxMs, late);
    if (wait !== undefined && lastWait !== undefined) {
      ownMs = Math.max(ownMs, late - (wait - lastWait));
      waitMs = Math.max(waitMs, wait - lastWait);
    }
    samples += 1;
    last = now;
    lastWait = wait;
    if (now - periodStart < periodMs) return;
    logger.info(
      {
        periodMs: Math.round(now - periodStart),
        samples,
        maxMs: Math.round(maxMs),
        ...(wait === undefined ? {} : { ownMs: Math.round(ownMs), waitMs: Math.round(waitMs) }),
      },
      'event loop delay',
    );
    periodStart = now;
    maxMs = 0;
    ownMs = 0;
    waitMs = 0;
    samples = 0;
  }, SAMPLE_MS);
  sampler.unref();
  return () => clearInterval(sampler);
}
