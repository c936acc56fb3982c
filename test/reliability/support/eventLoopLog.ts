// The service's own account of its event loop (EVENT_LOOP_REPORT_MS): the
// longest stalls of the main thread logged for the periods that overlap a
// window of the test. Unlike a client's round trip it holds no network and no
// client process; `cpuMs` (Linux) is the main thread's own work only, whatever
// else loads the machine.
export interface LoopStalls {
  /** The longest stall of the periods overlapping the window (ms). */
  maxMs: number;
  /** The most CPU time the main thread spent within one sample (ms); absent where not told. */
  cpuMs?: number;
  /** The longest wait for a core within one sample (ms); absent where not told. */
  waitMs?: number;
  /** How many periods (log lines) overlap the window. */
  periods: number;
}

interface DelayLine {
  msg?: string;
  time?: number;
  periodMs?: number;
  maxMs?: number;
  cpuMs?: number;
  waitMs?: number;
}

const larger = (a: number | undefined, b: number | undefined) =>
  a === undefined ? b : b === undefined ? a : Math.max(a, b);

/** The stalls logged for the periods overlapping [from, to] (epoch ms). */
export function loopStalls(logs: readonly string[], from: number, to: number): LoopStalls {
  const stalls: LoopStalls = { maxMs: 0, periods: 0 };
  for (const line of logs) {
    if (!line.includes('"event loop delay"')) continue;
    const entry = JSON.parse(line) as DelayLine;
    if (entry.time === undefined || entry.periodMs === undefined || entry.maxMs === undefined)
      continue;
    if (entry.time < from || entry.time - entry.periodMs > to) continue;
    stalls.periods += 1;
    stalls.maxMs = Math.max(stalls.maxMs, entry.maxMs);
    const cpuMs = larger(stalls.cpuMs, entry.cpuMs);
    const waitMs = larger(stalls.waitMs, entry.waitMs);
    if (cpuMs !== undefined) stalls.cpuMs = cpuMs;
    if (waitMs !== undefined) stalls.waitMs = waitMs;
  }
  return stalls;
}
