// Scenarios (d) and (e): lookups that must go upstream, against fakes with a
// fixed latency. (d) our overhead = measured latency − upstream latency, for
// addresses the geocoder locates and (d*) for addresses located by official
// house coordinates (no geocoder call, the source alone is the floor);
// (e) a burst of identical cold lookups must cost one call per upstream.
import type { BenchWorld } from '../support/benchWorld.js';
import type { ChildServer } from '../support/childServer.js';
import { percentile, probeLatency, round2 } from '../support/latencyProbe.js';
import type { Row } from '../support/report.js';
import { prepareUpstreamFloor, type Located } from '../support/upstreamFloor.js';

export const UPSTREAM_LATENCY_MS = 50;

/**
 * Cold lookups before the measured ones, at zero latency. A service answers
 * cold lookups all day, and its own time per lookup keeps falling over the
 * first thousands of them (V8 optimises code that has run for a while, the
 * young generation grows to its size): (d) 10.3 ms after 3, 8.2 after 200,
 * 7.6 after 1,000, 6.9–7.1 after 2,000, 6.8 after 3,000 (docs/performance.md,
 * "Issue 36, third round"). The bench measures the running service.
 */
export const COLD_WARM_UP_LOOKUPS = 2000;

export interface ColdSetup {
  server: ChildServer;
  world: BenchWorld;
  token: string;
}

function lookup({ server, token }: ColdSetup, address: string): Promise<Response> {
  const query = new URLSearchParams({ address });
  return fetch(`${server.url}/api/bodenrichtwert?${query}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
}

const upstreamCalls = ({ world }: ColdSetup) => ({
  geocoder: world.nominatim.calls,
  source: world.wfs.totalCalls(),
});

const nextAddress = ({ world }: ColdSetup, located: Located) =>
  located === 'official' ? world.nextOfficialAddress() : world.nextColdAddress();

async function timedColdLookup(setup: ColdSetup, located: Located): Promise<number> {
  const started = performance.now();
  const res = await lookup(setup, nextAddress(setup, located));
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`(d): a cold lookup answered ${res.status}`);
  return performance.now() - started;
}

/**
 * (d): cold lookups in sequence, each followed by the same upstream calls
 * from a bare client (the floor), so both see the same machine load.
 */
export async function measureColdOverhead(
  setup: ColdSetup,
  count: number,
  located: Located = 'geocoder',
): Promise<{ row: Row; overheadP50Ms: number; floorP50Ms: number }> {
  const geocoderCalls = located === 'official' ? 0 : 1;
  try {
    // Warm the code paths of a cold lookup without counting them, at zero
    // latency (quick): see COLD_WARM_UP_LOOKUPS.
    await probeLatency(COLD_WARM_UP_LOOKUPS, () => lookup(setup, nextAddress(setup, located)));
    setup.world.setLatency(UPSTREAM_LATENCY_MS);
    const floorOnce = await prepareUpstreamFloor(setup.world, located);
    const floorTimes: number[] = [];
    const lookupTimes: number[] = [];
    await setup.server.resetPeak();
    for (let i = 0; i < count; i += 1) {
      floorTimes.push(await floorOnce());
      const before = upstreamCalls(setup);
      lookupTimes.push(await timedColdLookup(setup, located));
      const after = upstreamCalls(setup);
      if (
        after.geocoder - before.geocoder !== geocoderCalls ||
        after.source - before.source !== 1
      ) {
        throw new Error(
          `(d): a "cold" lookup made ${after.geocoder - before.geocoder} geocoder and ` +
            `${after.source - before.source} source calls (expected ${geocoderCalls} and 1)`,
        );
      }
    }
    const figures = { p50Ms: percentile(lookupTimes, 0.5), p99Ms: percentile(lookupTimes, 0.99) };
    const floorP50Ms = percentile(floorTimes, 0.5);
    const nominal = (1 + geocoderCalls) * UPSTREAM_LATENCY_MS;
    const overheadP50Ms = round2(figures.p50Ms - floorP50Ms);
    return {
      overheadP50Ms,
      floorP50Ms,
      row: {
        id: located === 'official' ? 'd*' : 'd',
        scenario:
          located === 'official'
            ? `cold lookup located by official house coordinates, ${UPSTREAM_LATENCY_MS} ms source`
            : `cold lookup, ${UPSTREAM_LATENCY_MS} ms geocoder + ${UPSTREAM_LATENCY_MS} ms source`,
        p50Ms: figures.p50Ms,
        p99Ms: figures.p99Ms,
        peakRssMb: Math.round(await setup.server.peakRssMb()),
        note:
          `${count} sequential; upstream floor p50 ${floorP50Ms} ms (bare client, same requests); ` +
          `overhead p50 ${overheadP50Ms} ms over the floor, ${round2(figures.p50Ms - nominal)} ms over ${nominal} ms`,
      },
    };
  } finally {
    setup.world.setLatency(0);
  }
}

export async function measureBurst(
  setup: ColdSetup,
  concurrency: number,
): Promise<{ row: Row; geocoderCalls: number; sourceCalls: number }> {
  setup.world.setLatency(UPSTREAM_LATENCY_MS);
  try {
    const address = setup.world.nextColdAddress();
    const before = upstreamCalls(setup);
    await setup.server.resetPeak();
    const started = performance.now();
    const statuses = await Promise.all(
      Array.from({ length: concurrency }, async () => {
        const res = await lookup(setup, address);
        await res.arrayBuffer();
        return res.status;
      }),
    );
    const elapsed = round2(performance.now() - started);
    const after = upstreamCalls(setup);
    const ok = statuses.filter((status) => status === 200).length;
    const geocoderCalls = after.geocoder - before.geocoder;
    const sourceCalls = after.source - before.source;
    return {
      geocoderCalls,
      sourceCalls,
      row: {
        id: 'e',
        scenario: `${concurrency} concurrent identical cold lookups`,
        p50Ms: elapsed,
        p99Ms: elapsed,
        peakRssMb: Math.round(await setup.server.peakRssMb()),
        note: `${ok}/${concurrency} answered 200; upstream calls: geocoder ${geocoderCalls}, source ${sourceCalls}; latency = whole burst`,
      },
    };
  } finally {
    setup.world.setLatency(0);
  }
}
