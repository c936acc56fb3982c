// `npm run bench:parcels`: the parcel view (issue 34) as a client sees it, in
// one run, as ratios. The service runs as `npm start` runs it (compiled, a
// child process, SQLite, an enterprise API key; `prebench:parcels` builds it)
// against loopback fakes in this process: Berlin's cadastre (the
// i-parcel-sources stand-in) and Berlin's land-value WFS with two zones over
// every parcel; requests are timed with sub-millisecond resolution.
// (p1) cold GET /api/flurstueck?kennzeichen=… minus its upstream floor: the
//      cadastre request and the zone request the service sent (as the fakes
//      received them), replayed one after the other by a bare fetch right
//      after each cold answer. Target ≤ 15 ms p50.
// (p2) cached GET /api/flurstueck ÷ cached GET /api/bodenrichtwert, p50,
//      the two requests alternating. Target ≤ 1.2.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { placeParcel } from '#dev/fakes/cadastreParcels.js';
import { servicePathOf, startCadastreWorld } from '#dev/fakes/cadastreWorld.js';
import { startNominatimFake } from '#dev/fakes/nominatimFake.js';
import { writeStateRegistry } from '#dev/fakes/stateFakes.js';
import { startWfsGeojsonFake } from '#dev/fakes/wfsGeojsonFake.js';
import { latLonToMetric, metricToLatLon } from '#server/geo/crs.js';
import { loadParcelRegistry } from '#server/cadastre/parcelRegistry.js';
import { createBenchDatabase } from './support/benchDatabase.js';
import { startChildServer } from './support/childServer.js';
import { percentile, round2 } from './support/latencyProbe.js';
import { SERVICE_ENTRY, START_NODE_OPTIONS } from './support/startOptions.js';

const COLD = Number(process.env.BENCH_PARCELS_COLD ?? 40);
const CACHED = Number(process.env.BENCH_PARCELS_CACHED ?? 2000);
/** Cold parcels sent first and not counted (JIT, pools), as the cold lookups of `npm run bench` do. */
const WARM_UP = 3;
const CENTRE = { lat: 52.5219, lon: 13.4132 };
const ADDRESS = 'Alexanderplatz 1, 10178 Berlin';
const [EAST, NORTH] = latLonToMetric(CENTRE, 'EPSG:25833');

const corner = (e: number, n: number) => {
  const { lat, lon } = metricToLatLon([e, n], 'EPSG:25833');
  return [lon, lat] as const;
};
const zone = (west: number, east: number, brwid: string, brw: number) => ({
  rings: [
    [
      corner(west, NORTH - 2000),
      corner(east, NORTH - 2000),
      corner(east, NORTH + 2000),
      corner(west, NORTH + 2000),
      corner(west, NORTH - 2000),
    ],
  ],
  properties: { brwid, brw, nutzung: 'W - Wohngebiet', stichtag: '2026-01-01', gfz: 1 },
});

/** Parcels on a line east–west, 50 m apart, every one split by the zone border at EAST. */
const parcelAt = (i: number) => metricToLatLon([EAST - 1000 + i * 50, NORTH], 'EPSG:25833');
const kennzeichenOf = (i: number) => `110001919${String(10_000 + i).padStart(5, '0')}______`;

const world = await startCadastreWorld(await loadParcelRegistry());
for (let i = 0; i < COLD + WARM_UP; i += 1) {
  world.fake.addParcel(
    servicePathOf('BE'),
    placeParcel(parcelAt(i), { kennzeichen: kennzeichenOf(i), crs: 'EPSG:25833', widthM: 30 }),
  );
}
const berlin = await startWfsGeojsonFake({
  '/services/wfs/brw2026': {
    typeName: 'brw2026:brw2026_vector',
    zones: [zone(EAST - 5000, EAST, '1', 500), zone(EAST, EAST + 5000, '2', 300)],
  },
});
const nominatim = await startNominatimFake({
  [ADDRESS]: [
    {
      ...CENTRE,
      iso: 'DE-BE',
      road: 'Alexanderplatz',
      houseNumber: '1',
      postcode: '10178',
      city: 'Berlin',
    },
  ],
});
const dir = mkdtempSync(join(tmpdir(), 'bench-parcels-'));
const parcelFile = join(dir, 'parcel-sources.json');
writeFileSync(parcelFile, JSON.stringify(world.registry));
const brwFile = await writeStateRegistry(dir, {
  urls: { 'DE-BE': `${berlin.url}/services/wfs/brw{year}` },
});

const db = await createBenchDatabase('sqlite', '');
const server = await startChildServer(
  SERVICE_ENTRY,
  {
    DATABASE_URL: db.url,
    GEOCODER_URL: nominatim.url,
    GEOCODER_MIN_INTERVAL_MS: '0',
    BRW_SOURCES_FILE: brwFile,
    PARCEL_SOURCES_FILE: parcelFile,
    // The per-IP limit would stop thousands of requests from one address within a minute.
    RATE_LIMIT_PER_MINUTE: '1000000000',
    // The background watch of the states' offers asks Berlin's year services a minute after
    // start, in the middle of the cached requests, which (p2) counts as upstream work: not
    // within the run.
    OFFER_WATCH_DELAY_SECONDS: '3600',
    LOG_LEVEL: 'info',
    NODE_ENV: 'production',
  },
  START_NODE_OPTIONS,
);

const get = (path: string, query: Record<string, string>) =>
  fetch(`${server.url}${path}?${new URLSearchParams(query).toString()}`, {
    headers: { Authorization: `Bearer ${db.token}` },
  });
const parcel = (i: number) => get('/api/flurstueck', { kennzeichen: kennzeichenOf(i) });
const lookup = () => get('/api/bodenrichtwert', { address: ADDRESS });

/** Milliseconds until the whole answer is read; anything but 200 ends the run. */
const timed = async (request: () => Promise<Response>) => {
  const start = performance.now();
  const res = await request();
  await res.arrayBuffer();
  const ms = performance.now() - start;
  if (res.status !== 200) throw new Error(`${res.url} answered ${res.status}`);
  return ms;
};

const cadastrePath = servicePathOf('BE');
const upstreamCalls = () => ({
  cadastre: world.fake.requests(cadastrePath).length,
  zones: berlin.calls(),
});
/** A request as a fake received it, sent again to the same fake by a bare client. */
const replay = (base: string, sent: { method: string; pathAndQuery: string; body: string }) =>
  timed(() =>
    fetch(`${base}${sent.pathAndQuery}`, {
      method: sent.method,
      ...(sent.method === 'GET' ? {} : { body: sent.body }),
    }),
  );

// Warm-up: the capabilities read (Berlin's type name, once a day) and the code paths.
for (let i = COLD; i < COLD + WARM_UP; i += 1) await timed(() => parcel(i));

const cold: number[] = [];
const floor: number[] = [];
for (let i = 0; i < COLD; i += 1) {
  const before = upstreamCalls();
  cold.push(await timed(() => parcel(i)));
  const after = upstreamCalls();
  const zoneRequest = berlin.lastRequest();
  const cadastreRequest = world.fake.requests(cadastrePath).at(-1);
  if (
    after.cadastre - before.cadastre !== 1 ||
    after.zones - before.zones !== 1 ||
    !zoneRequest ||
    !cadastreRequest
  ) {
    throw new Error(
      `(p1): a cold parcel made ${after.cadastre - before.cadastre} cadastre and ` +
        `${after.zones - before.zones} zone requests (expected 1 and 1)`,
    );
  }
  floor.push(
    (await replay(world.fake.url, {
      ...cadastreRequest,
      pathAndQuery: `${cadastreRequest.path}${cadastreRequest.url}`,
    })) +
      (await replay(berlin.url, {
        ...zoneRequest,
        pathAndQuery: `${zoneRequest.url.pathname}${zoneRequest.url.search}`,
      })),
  );
}

// Warm-up of the cached paths: the first lookup goes upstream and is stored meanwhile.
for (let i = 0; i < 50; i += 1) {
  await timed(lookup);
  await timed(() => parcel(0));
}
const beforeCached = { ...upstreamCalls(), geocoder: nominatim.calls };
const parcelCached: number[] = [];
const lookupCached: number[] = [];
for (let i = 0; i < CACHED; i += 1) {
  lookupCached.push(await timed(lookup));
  parcelCached.push(await timed(() => parcel(0)));
}
const afterCached = { ...upstreamCalls(), geocoder: nominatim.calls };
if (JSON.stringify(afterCached) !== JSON.stringify(beforeCached)) {
  throw new Error(
    `(p2): a cached request went upstream: ${JSON.stringify(afterCached)} ` +
      `after ${JSON.stringify(beforeCached)}`,
  );
}

const p50 = (values: number[]) => percentile(values, 0.5);
const overhead = round2(p50(cold) - p50(floor));
const ratio = round2(p50(parcelCached) / p50(lookupCached));
console.table([
  { row: 'p1 cold GET /api/flurstueck p50 (ms)', value: round2(p50(cold)) },
  { row: 'p1 upstream floor p50 (ms)', value: round2(p50(floor)) },
  { row: 'p1 overhead p50 (ms), target ≤ 15', value: overhead, ok: overhead <= 15 },
  { row: 'p2 cached GET /api/flurstueck p50 (ms)', value: round2(p50(parcelCached)) },
  { row: 'p2 cached GET /api/bodenrichtwert p50 (ms)', value: round2(p50(lookupCached)) },
  { row: 'p2 ratio, target ≤ 1.2', value: ratio, ok: ratio <= 1.2 },
]);

await server.stop();
await db.dispose();
await Promise.all([world.fake.close(), berlin.close(), nominatim.close()]);
rmSync(dir, { recursive: true, force: true });
