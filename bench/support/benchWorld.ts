// The outside world of the benchmark: the loopback Nominatim and WFS fakes of
// dev/fakes with a fixed latency each, a source registry pointing at
// them, and as many distinct addresses inside the Hannover demo zone as the
// cold-lookup scenarios need (each one a new coordinate, so never cached);
// likewise inside the Wiesbaden zone, whose addresses the benchmark also holds
// as official house coordinates (Hessen publishes them; Niedersachsen does not);
// and the address in 60 zones (manyZones.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_PLACES, HANNOVER, WIESBADEN } from '#dev/fakes/demoWorld.js';
import { MANY_ZONES_PLACES } from '#dev/fakes/manyZones.js';
import type { SamplePoint } from '#dev/fakes/houseCoordinateFiles.js';
import { loadPostcodeFile } from '#server/geocoding/postcodes/postcodeFile.js';
import { kilometres } from '#server/geocoding/postcodes/postcodeArea.js';
import type { LatLon } from '#server/geo/latLon.js';
import { DEMO_WFS_SERVICES, writeFakeRegistry } from '#dev/fakes/fakeRegistry.js';
import {
  startNominatimFake,
  type FakePlace,
  type NominatimFake,
} from '#dev/fakes/nominatimFake.js';
import { startWfsFake, type WfsFake } from '#dev/fakes/wfsFake.js';

/** Steps of 0.00005° stay inside the zone's ±0.002° square: 79 × 79 points. */
const STEP = 0.00005;
const SIDE = 79;

export interface BenchWorld {
  nominatim: NominatimFake;
  wfs: WfsFake;
  /** BRW_SOURCES_FILE for the server. */
  registryFile: string;
  /** A never-used address with its own coordinate (throws when all are used). */
  nextColdAddress(): string;
  /** The same in Wiesbaden, where the address is also an official house coordinate. */
  nextOfficialAddress(): string;
  /** Every Wiesbaden address, whether handed out or not (for a service of its own). */
  officialAddresses: readonly string[];
  /** The Wiesbaden addresses as house coordinates, to import (state DE-HE). */
  officialPoints: readonly SamplePoint[];
  /** Sets the fixed latency of both fakes. */
  setLatency(ms: number): void;
  close(): Promise<void>;
}

/**
 * The postcode an address of the place is written with: the postcode of the
 * place whose representative point lies nearest (the grid reaches across the
 * border of two of Wiesbaden's postcode areas, as a long street does).
 */
function postcodeOfPlace(center: FakePlace): (point: LatLon) => string {
  const areas = loadPostcodeFile().filter((a) => a.place === center.city);
  return (point) =>
    areas.reduce(
      (best, a) => (kilometres(point, a) < kilometres(point, best) ? a : best),
      areas[0] ?? { ...center, postcode: center.postcode },
    ).postcode;
}

/** SIDE × SIDE addresses "Benchmarkweg N" on a grid around the place. */
function grid(center: FakePlace): Record<string, FakePlace[]> {
  const places: Record<string, FakePlace[]> = {};
  const postcodeAt = postcodeOfPlace(center);
  for (let i = 0; i < SIDE * SIDE; i += 1) {
    const lat = center.lat + ((i % SIDE) - (SIDE - 1) / 2) * STEP;
    const lon = center.lon + (Math.floor(i / SIDE) - (SIDE - 1) / 2) * STEP;
    const postcode = postcodeAt({ lat, lon });
    const address = `Benchmarkweg ${i + 1}, ${postcode} ${center.city}`;
    places[address] = [
      { ...center, postcode, road: 'Benchmarkweg', houseNumber: String(i + 1), lat, lon },
    ];
  }
  return places;
}

function handOut(addresses: string[]): () => string {
  let used = 0;
  return () => {
    const address = addresses[used];
    if (address === undefined) throw new Error('the benchmark ran out of cold addresses');
    used += 1;
    return address;
  };
}

export async function startBenchWorld(): Promise<BenchWorld> {
  const cold = grid(HANNOVER);
  const official = grid(WIESBADEN);
  const officialPoints = Object.values(official).map(([place]): SamplePoint => ({
    stateKey: '06',
    stateName: 'Hessen',
    municipality: place?.city ?? '',
    street: place?.road ?? '',
    number: place?.houseNumber ?? '',
    lat: place?.lat ?? 0,
    lon: place?.lon ?? 0,
    crs: 'EPSG:25832',
  }));
  const nominatim = await startNominatimFake({
    ...DEMO_PLACES,
    ...MANY_ZONES_PLACES,
    ...cold,
    ...official,
  });
  const wfs = await startWfsFake(DEMO_WFS_SERVICES);
  const dir = mkdtempSync(join(tmpdir(), 'brw-bench-world-'));
  const registryFile = await writeFakeRegistry(dir, wfs.url);
  return {
    nominatim,
    wfs,
    registryFile,
    nextColdAddress: handOut(Object.keys(cold)),
    nextOfficialAddress: handOut(Object.keys(official)),
    officialAddresses: Object.keys(official),
    officialPoints,
    setLatency(ms) {
      nominatim.latencyMs = ms;
      wfs.latencyMs = ms;
    },
    async close() {
      await Promise.all([nominatim.close(), wfs.close()]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
