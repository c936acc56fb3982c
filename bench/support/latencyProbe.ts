// Client-side latency of requests sent one after another, with sub-millisecond
// resolution (autocannon's histogram counts whole milliseconds, too coarse
// for cache-hit latencies and for an overhead target of 3 ms).
import { performance } from 'node:perf_hooks';

export interface LatencyFigures {
  samples: number;
  p50Ms: number;
  p99Ms: number;
}

/** Sends `count` requests in sequence; every answer must be 200. */
export async function probeLatency(
  count: number,
  request: (index: number) => Promise<Response>,
): Promise<LatencyFigures> {
  const times: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const started = performance.now();
    const res = await request(i);
    await res.arrayBuffer();
    times.push(performance.now() - started);
    if (res.status !== 200) throw new Error(`request ${i} answered ${res.status}`);
  }
  return { samples: count, p50Ms: percentile(times, 0.5), p99Ms: percentile(times, 0.99) };
}

export function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1);
  return round2(sorted[Math.max(0, index)] ?? NaN);
}

export const round2 = (value: number) => Math.round(value * 100) / 100;
