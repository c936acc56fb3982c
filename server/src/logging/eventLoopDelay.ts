// An operator's (and the load tests') view of the event loop: when
// EVENT_LOOP_REPORT_MS is set, how late the main thread's event loop ran a
// 10 ms timer is logged once per period (the slowest lateness and the count of
// samples), so each line tells the longest stall of its period. A stall of
// the loop delays every request of every client, which a client's own timing
// of one request cannot tell apart from the network or its own machine's load.
// Where Linux tells the main thread's time on a core and waiting for one
// (/proc/…/schedstat), the line also holds the most CPU time the thread spent
// within one sample (`cpuMs`: the longest slice of the service's own work,
// whatever else loads the machine) and the longest wait for a core within one
// sample (`waitMs`: the machine's share of a stall).
// Not perf_hooks' monitorEventLoopDelay: after its reset() (Node 20) a stall
// right after the reset goes unrecorded, and every period starts with one.
import { readFileSync } from 'node:fs';
import type { Logger } from './logger.js';

/** The sampling period: the finest stall told apart. */
const SAMPLE_MS = 10;
const NS_PER_MS = 1e6;

interface ThreadTimes {
  /** On a core so far (ms). */
  cpu: number;
  /** Ready but waiting for a core so far (ms). */
  wait: number;
}

/** The main thread's times so far, or undefined where not told. */
function threadTimes(path: string): ThreadTimes | undefined {
  try {
    const [cpu, wait] = readFileSync(path, 'utf8').split(' ').map(Number);
    if (!Number.isFinite(cpu) || !Number.isFinite(wait)) return undefined;
    return { cpu: (cpu ?? 0) / NS_PER_MS, wait: (wait ?? 0) / NS_PER_MS };
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
  let lastTimes = threadTimes(schedstat);
  let maxMs = 0;
  let cpuMs = 0;
  let waitMs = 0;
  let samples = 0;
  let periodStart = last;
  const sampler = setInterval(() => {
    const now = performance.now();
    const times = threadTimes(schedstat);
    maxMs = Math.max(maxMs, now - last - SAMPLE_MS);
    if (times !== undefined && lastTimes !== undefined) {
      cpuMs = Math.max(cpuMs, times.cpu - lastTimes.cpu);
      waitMs = Math.max(waitMs, times.wait - lastTimes.wait);
    }
    samples += 1;
    last = now;
    lastTimes = times;
    if (now - periodStart < periodMs) return;
    logger.info(
      {
        periodMs: Math.round(now - periodStart),
        samples,
        maxMs: Math.round(maxMs),
        ...(times === undefined ? {} : { cpuMs: Math.round(cpuMs), waitMs: Math.round(waitMs) }),
      },
      'event loop delay',
    );
    periodStart = now;
    maxMs = 0;
    cpuMs = 0;
    waitMs = 0;
    samples = 0;
  }, SAMPLE_MS);
  sampler.unref();
  return () => clearInterval(sampler);
}
