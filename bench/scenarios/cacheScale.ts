// Scenario (f): cached lookups with 10 thousand and with 1 million cached
// coordinates in the database. Each request asks for a random seeded
// address, so the lookups spread over the whole table, not one hot row.
import type { Sequelize } from 'sequelize';
import { DEMO_ADDRESSES, HANNOVER } from '#dev/fakes/demoWorld.js';
import { coordinateKey } from '#server/lookup/cache/brwCacheRepository.js';
import type { ChildServer } from '../support/childServer.js';
import { probeLatency } from '../support/latencyProbe.js';
import { runLoad } from '../support/load.js';
import type { Row } from '../support/report.js';
import { cachedAddress, seedCachedCoordinates } from '../support/seedCache.js';

export interface CacheScaleSetup {
  server: ChildServer;
  sequelize: Sequelize;
  token: string;
  probes: number;
  durationSeconds: number;
  connections: number;
}

const lookupPath = (address: string) =>
  `/api/bodenrichtwert?${new URLSearchParams({ address }).toString()}`;

/** The land values the service itself stored for the Hannover demo address. */
async function realEntriesJson(setup: CacheScaleSetup): Promise<string> {
  const res = await fetch(setup.server.url + lookupPath(DEMO_ADDRESSES.hannover), {
    headers: { Authorization: `Bearer ${setup.token}` },
  });
  if (res.status !== 200) throw new Error(`(f): the seed lookup answered ${res.status}`);
  // The service writes the row right after its answer.
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const [rows] = await setup.sequelize.query(
      'SELECT entries FROM land_value_cache WHERE coordinate_key = ?',
      { replacements: [coordinateKey(HANNOVER)] },
    );
    const entries = (rows as { entries?: string }[])[0]?.entries;
    if (entries !== undefined) return entries;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('(f): the seed lookup left no cache row within 2 s');
}

export async function measureCacheScale(
  setup: CacheScaleSetup,
  sizes: readonly number[],
  log: (line: string) => void,
): Promise<{ rows: Row[]; p50BySize: Map<number, number> }> {
  const entriesJson = await realEntriesJson(setup);
  const rows: Row[] = [];
  const p50BySize = new Map<number, number>();
  let seeded = 0;
  for (const size of sizes) {
    const started = Date.now();
    await seedCachedCoordinates(
      setup.sequelize,
      { from: seeded, to: size },
      entriesJson,
      (done) => {
        if (done % 100_000 === 0) log(`  seeded ${seeded + done} cached coordinates`);
      },
    );
    seeded = size;
    log(`  ${size} cached coordinates in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    const randomPath = () => lookupPath(cachedAddress(Math.floor(Math.random() * size)));
    const headers = { Authorization: `Bearer ${setup.token}` };
    // Warm up the same way for every size, then measure one request at a time.
    await probeLatency(200, () => fetch(setup.server.url + randomPath(), { headers }));
    await setup.server.resetPeak();
    const latency = await probeLatency(setup.probes, () =>
      fetch(setup.server.url + randomPath(), { headers }),
    );
    const load = await runLoad({
      url: setup.server.url,
      durationSeconds: setup.durationSeconds,
      connections: setup.connections,
      headers,
      nextPath: randomPath,
    });
    if (load.failures > 0) throw new Error(`(f): ${load.failures} requests failed at ${size}`);
    p50BySize.set(size, latency.p50Ms);
    rows.push({
      id: 'f',
      scenario: `cached lookup, ${size.toLocaleString('en')} cached coordinates`,
      requestsPerSecond: load.requestsPerSecond,
      p50Ms: latency.p50Ms,
      p99Ms: latency.p99Ms,
      peakRssMb: Math.round(await setup.server.peakRssMb()),
      note: `p50/p99 from ${setup.probes} sequential random addresses; req/s with ${setup.connections} connections`,
    });
  }
  return { rows, p50BySize };
}
