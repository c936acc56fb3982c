// `npm run bench:parcels`: the parcel view's use case (issue 34) measured in
// one process, in one run, as ratios. The HTTP route GET /api/flurstueck is
// built on another branch, so the use case (ParcelValuation.value) is timed
// directly, and so is the lookup it is compared with (LookupService.lookup
// and the lookup's answer body), on loopback fakes: Berlin's cadastre (the
// i-parcel-sources stand-in) and Berlin's land-value WFS with two zones over
// every parcel.
// (p1) cold parcel answer by Kennzeichen minus its upstream floor: the
//      cadastre request and the zone request the service sent, replayed one
//      after the other by a bare fetch. Target ≤ 15 ms p50.
// (p2) cached parcel answer ÷ cached lookup, p50. Target ≤ 1.2.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { placeParcel } from '#dev/fakes/cadastreParcels.js';
import { servicePathOf, startCadastreWorld } from '#dev/fakes/cadastreWorld.js';
import { startNominatimFake } from '#dev/fakes/nominatimFake.js';
import { writeStateRegistry } from '#dev/fakes/stateFakes.js';
import { startWfsGeojsonFake } from '#dev/fakes/wfsGeojsonFake.js';
import { loadConfig } from '#server/config/config.js';
import { createContext } from '#server/context.js';
import { latLonToMetric, metricToLatLon } from '#server/lookup/geo/crs.js';
import { createLogger } from '#server/logging/logger.js';
import { buildLookupResponse } from '#server/lookup/responseBody.js';
import { loadParcelRegistry } from '#server/parcels/sources/parcelRegistry.js';
import { percentile, round2 } from './support/latencyProbe.js';

const COLD = Number(process.env.BENCH_PARCELS_COLD ?? 40);
const CACHED = Number(process.env.BENCH_PARCELS_CACHED ?? 2000);
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
for (let i = 0; i <= COLD + 1; i += 1) {
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

/** Every upstream request the service sends, so that the floor replays the very same. */
const sent: { url: string; init: RequestInit | undefined }[] = [];
const recordingFetch: typeof fetch = (input, init) => {
  sent.push({ url: input instanceof Request ? input.url : String(input), init });
  return fetch(input, init);
};
const ctx = await createContext(
  loadConfig({
    DATABASE_URL: `sqlite:${join(dir, 'bench.sqlite')}`,
    GEOCODER_URL: nominatim.url,
    GEOCODER_MIN_INTERVAL_MS: '0',
    BRW_SOURCES_FILE: brwFile,
    PARCEL_SOURCES_FILE: parcelFile,
    LOG_LEVEL: 'silent',
  }),
  { fetch: recordingFetch, logger: createLogger('silent') },
);
/** A caller per request, as each HTTP request has its own signal. */
const caller = () => ({
  accountId: 'bench',
  ip: '127.0.0.1',
  signal: new AbortController().signal,
});
const byKennzeichen = (kennzeichen: string) => ({
  target: { kind: 'kennzeichen' as const, kennzeichenInput: kennzeichen, kennzeichen },
  nutzungsarten: [],
});
const time = async (work: () => Promise<unknown>) => {
  const start = performance.now();
  await work();
  return performance.now() - start;
};

// Warm-up: the capabilities read (Berlin's type name, once a day) and the code paths.
await ctx.parcelValuation.value(byKennzeichen(kennzeichenOf(COLD + 1)), caller());

const cold: number[] = [];
const floor: number[] = [];
for (let i = 0; i < COLD; i += 1) {
  sent.length = 0;
  cold.push(await time(() => ctx.parcelValuation.value(byKennzeichen(kennzeichenOf(i)), caller())));
  const replay = [...sent];
  floor.push(
    await time(async () => {
      for (const { url, init } of replay) await (await fetch(url, init)).text();
    }),
  );
}

const lookupBody = async () =>
  buildLookupResponse(ADDRESS, await ctx.lookup.lookup(ADDRESS, caller()), []);
await lookupBody();
await ctx.lookup.idle();
const parcelCached: number[] = [];
const lookupCached: number[] = [];
for (let i = 0; i < CACHED; i += 1) {
  lookupCached.push(await time(lookupBody));
  parcelCached.push(
    await time(() => ctx.parcelValuation.value(byKennzeichen(kennzeichenOf(0)), caller())),
  );
}

const p50 = (values: number[]) => percentile(values, 0.5);
const overhead = round2(p50(cold) - p50(floor));
const ratio = round2(p50(parcelCached) / p50(lookupCached));
console.table([
  { row: 'p1 cold parcel p50 (ms)', value: round2(p50(cold)) },
  { row: 'p1 upstream floor p50 (ms)', value: round2(p50(floor)) },
  { row: 'p1 overhead p50 (ms), target ≤ 15', value: overhead, ok: overhead <= 15 },
  { row: 'p2 cached parcel p50 (ms)', value: round2(p50(parcelCached)) },
  { row: 'p2 cached lookup p50 (ms)', value: round2(p50(lookupCached)) },
  { row: 'p2 ratio, target ≤ 1.2', value: ratio, ok: ratio <= 1.2 },
]);

await ctx.close();
await Promise.all([world.fake.close(), berlin.close(), nominatim.close()]);
rmSync(dir, { recursive: true, force: true });
