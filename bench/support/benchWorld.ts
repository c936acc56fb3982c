// The outside world of the benchmark: the loopback Nominatim and WFS fakes of
// server/src/fakes with a fixed latency each, a source registry pointing at
// them, and as many distinct addresses inside the Hannover demo zone as the
// cold-lookup scenarios need (each one a new coordinate, so never cached).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_PLACES, HANNOVER } from '../../server/src/fakes/demoWorld.js';
import { DEMO_WFS_SERVICES, writeFakeRegistry } from '../../server/src/fakes/fakeRegistry.js';
import {
  startNominatimFake,
  type FakePlace,
  type NominatimFake,
} from '../../server/src/fakes/nominatimFake.js';
import { startWfsFake, type WfsFake } from '../../server/src/fakes/wfsFake.js';

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
  /** Sets the fixed latency of both fakes. */
  setLatency(ms: number): void;
  close(): Promise<void>;
}

export async function startBenchWorld(): Promise<BenchWorld> {
  const cold: Record<string, FakePlace[]> = {};
  for (let i = 0; i < SIDE * SIDE; i += 1) {
    const address = `Benchmarkweg ${i + 1}, 30159 Hannover`;
    cold[address] = [
      {
        ...HANNOVER,
        road: 'Benchmarkweg',
        houseNumber: String(i + 1),
        lat: HANNOVER.lat + ((i % SIDE) - (SIDE - 1) / 2) * STEP,
        lon: HANNOVER.lon + (Math.floor(i / SIDE) - (SIDE - 1) / 2) * STEP,
      },
    ];
  }
  const nominatim = await startNominatimFake({ ...DEMO_PLACES, ...cold });
  const wfs = await startWfsFake(DEMO_WFS_SERVICES);
  const dir = mkdtempSync(join(tmpdir(), 'brw-bench-world-'));
  const registryFile = await writeFakeRegistry(dir, wfs.url);
  const coldAddresses = Object.keys(cold);
  let used = 0;
  return {
    nominatim,
    wfs,
    registryFile,
    nextColdAddress() {
      const address = coldAddresses[used];
      if (address === undefined) throw new Error('the benchmark ran out of cold addresses');
      used += 1;
      return address;
    },
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
