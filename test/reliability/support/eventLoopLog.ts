// The service's own account of its event loop (EVENT_LOOP_REPORT_MS): the
// longest stall of the main thread logged for the periods that overlap a
// window of the test. Unlike a client's round trip it holds no network, no
// client process and no scheduling of the client on a loaded machine.
export interface LoopStalls {
  /** The longest stall of the periods overlapping the window (ms). */
  maxMs: number;
  /** How many periods (log lines) overlap the window. */
  periods: number;
}

interface DelayLine {
  msg?: string;
  time?: number;
  periodMs?: number;
  maxMs?: number;
}

/** The stalls logged for the periods overlapping [from, to] (epoch ms). */
export function loopStalls(logs: readonly string[], from: number, to: number): LoopStalls {
  let maxMs = 0;
  let periods = 0;
  for (const line of logs) {
    if (!line.includes('"event loop delay"')) continue;
    const entry = JSON.parse(line) as DelayLine;
    if (entry.time === undefined || entry.periodMs === undefined || entry.maxMs === undefined)
      continue;
    if (entry.time < from || entry.time - entry.periodMs > to) continue;
    periods += 1;
    maxMs = Math.max(maxMs, entry.maxMs);
  }
  return { maxMs, periods };
}
