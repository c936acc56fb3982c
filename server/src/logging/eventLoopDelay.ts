// An operator's (and the load tests') view of the event loop: when
// EVENT_LOOP_REPORT_MS is set, how late the main thread's event loop ran a
// 10 ms timer is logged once per period (the slowest lateness and the count of
// samples), so each line tells the longest stall of its period. A stall of
// the loop delays every request of every client, which a client's own timing
// of one request cannot tell apart from the network or its own machine's load.
// Not perf_hooks' monitorEventLoopDelay: after its reset() (Node 20) a stall
// right after the reset goes unrecorded, and every period starts with one.
import type { Logger } from './logger.js';

/** The sampling period: the finest stall told apart. */
const SAMPLE_MS = 10;

/** Logs the event loop's delay every `periodMs` (0: not at all); returns the stop. */
export function startEventLoopReport(logger: Logger, periodMs: number): () => void {
  if (periodMs <= 0) return () => undefined;
  let last = performance.now();
  let maxMs = 0;
  let samples = 0;
  let periodStart = last;
  const sampler = setInterval(() => {
    const now = performance.now();
    maxMs = Math.max(maxMs, now - last - SAMPLE_MS);
    samples += 1;
    last = now;
    if (now - periodStart < periodMs) return;
    logger.info(
      { periodMs: Math.round(now - periodStart), samples, maxMs: Math.round(maxMs) },
      'event loop delay',
    );
    periodStart = now;
    maxMs = 0;
    samples = 0;
  }, SAMPLE_MS);
  sampler.unref();
  return () => clearInterval(sampler);
}
