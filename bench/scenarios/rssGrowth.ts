// The long run: cached lookups for a bounded time while the server's resident
// memory is sampled every second. Growth compares the second quarter of the
// run (after warm-up) with the last quarter; medians damp GC sawtooth.
import type { ChildServer } from '../support/childServer.js';
import { percentile, round2 } from '../support/latencyProbe.js';
import { runLoad, type LoadOptions } from '../support/load.js';
import type { Row } from '../support/report.js';

export async function measureRssGrowth(
  server: ChildServer,
  request: Omit<LoadOptions, 'url' | 'durationSeconds'> & { path: string },
  durationSeconds: number,
): Promise<{ row: Row; growthMb: number; peakMb: number }> {
  const samples: number[] = [];
  const sampler = setInterval(() => {
    server.rssMb().then(
      (mb) => samples.push(mb),
      () => undefined,
    );
  }, 1000);
  await server.resetPeak();
  let figures;
  try {
    figures = await runLoad({ ...request, url: server.url + request.path, durationSeconds });
  } finally {
    clearInterval(sampler);
  }
  if (figures.failures > 0) throw new Error(`long run: ${figures.failures} requests failed`);
  const quarter = Math.max(1, Math.floor(samples.length / 4));
  const early = percentile(samples.slice(quarter, 2 * quarter), 0.5);
  const late = percentile(samples.slice(-quarter), 0.5);
  const growthMb = round2(late - early);
  const peakMb = Math.round(await server.peakRssMb());
  return {
    growthMb,
    peakMb,
    row: {
      id: 'rss',
      scenario: `long run, ${durationSeconds} s of cached lookups`,
      requestsPerSecond: figures.requestsPerSecond,
      p50Ms: figures.p50Ms,
      p99Ms: figures.p99Ms,
      peakRssMb: peakMb,
      note: `${figures.requests} requests; RSS median ${Math.round(early)} → ${Math.round(late)} MB (growth ${growthMb} MB)`,
    },
  };
}
