// The real app with the REAL parcel use case over the demo world's loopback
// services: the state fakes, the Nominatim fake with the demo addresses, and
// a fake cadastre per open state holding the demo parcels (world/parcelWorld.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CadastreFake } from '#dev/fakes/cadastreFake.js';
import type { FakePlace } from '#dev/fakes/nominatimFake.js';
import { startStateFakes, writeStateRegistry, type StateFakes } from '#dev/fakes/stateFakes.js';
import { startDemoCadastre, type DemoParcel } from '#dev/fakes/world/parcelWorld.js';
import { STATE_DEMO_PLACES } from '#dev/fakes/world/stateAddresses.js';
import type { Plan } from '#shared/apiTypes.js';
import type { ManualClock } from './clock.js';
import { startLookupHarness, type LookupHarness } from './lookupHarness.js';

export interface ParcelWorld {
  h: LookupHarness;
  cadastre: CadastreFake;
  /** The land-value services (their calls and faults per state). */
  fakes: StateFakes;
  parcels: DemoParcel[];
  close(): Promise<void>;
}

export async function startParcelWorld(
  options: {
    clock?: ManualClock;
    plan?: Plan;
    places?: Record<string, FakePlace[]>;
    env?: Record<string, string>;
  } = {},
): Promise<ParcelWorld> {
  const dir = mkdtempSync(join(tmpdir(), 'brw-parcel-world-'));
  const [fakes, cadastre] = await Promise.all([startStateFakes(), startDemoCadastre(dir)]);
  const h = await startLookupHarness({
    ...(options.clock ? { clock: options.clock } : {}),
    plan: options.plan ?? 'pro',
    places: {
      ...Object.fromEntries(
        Object.entries(STATE_DEMO_PLACES).map(([query, places]) => [query, [...places]]),
      ),
      ...options.places,
    },
    env: {
      BRW_SOURCES_FILE: await writeStateRegistry(dir, fakes),
      PARCEL_SOURCES_FILE: cadastre.registryFile,
      ...options.env,
    },
  });
  return {
    h,
    cadastre: cadastre.fake,
    fakes,
    parcels: cadastre.parcels,
    async close() {
      await h.close();
      await Promise.all([fakes.close(), cadastre.fake.close()]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
