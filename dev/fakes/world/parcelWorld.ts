// The parcels of the demo: one under each demo address of a state whose
// cadastre is open (in that state's fake cadastre, in its native system), and
// a Berlin parcel across the border of two residential zones (60 % in zone
// 1124's neighbour 1125, 40 % in 1124), asked by its Kennzeichen. Invented,
// like the demo's land values.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LAND_OF_SCHLUESSEL } from '#shared/flurstueckskennzeichen.js';
import { stateCode } from '#shared/germanStates.js';
import type { MetricCrs } from '#server/geo/metricPolygon.js';
import type { ParcelRegistryFile } from '#server/cadastre/parcelSourceDefinition.js';
import { placeParcel } from '../cadastreParcels.js';
import type { CadastreFake } from '../cadastreFake.js';
import { servicePathOf, startCadastreWorld } from '../cadastreWorld.js';
import { loadParcelRegistry } from '#server/cadastre/parcelRegistry.js';
import { BERLIN_ZONE_BORDER } from './mapStates.js';
import { STATE_ADDRESSES } from './stateAddresses.js';

const SCHLUESSEL_OF = Object.fromEntries(
  Object.entries(LAND_OF_SCHLUESSEL).map(([schluessel, state]) => [state, schluessel]),
);

/** A demo Kennzeichen of the state: Gemarkung 0001, Flur 001, the given Zähler. */
const kennzeichenOf = (state: string, zaehler: number) =>
  `${SCHLUESSEL_OF[state] ?? '00'}0001001${String(zaehler).padStart(5, '0')}______`;

/** The parcel spanning two zones: 40 m wide, its middle 4 m west of the zones' border. */
export const TWO_ZONE_KENNZEICHEN = kennzeichenOf('BE', 2);

export interface DemoParcel {
  state: string;
  kennzeichen: string;
  /** The demo address on the parcel; absent for the two-zone parcel. */
  address?: string;
}

/** Places the demo parcels in the fake cadastre; what it placed. */
export function placeDemoParcels(
  fake: Pick<CadastreFake, 'addParcel'>,
  registry: ParcelRegistryFile,
): DemoParcel[] {
  const nativeCrs = new Map(
    registry.sources.flatMap((record) =>
      record.status === 'open' ? [[record.state, record.crs.native as MetricCrs] as const] : [],
    ),
  );
  const placed: DemoParcel[] = [];
  for (const { place, address } of STATE_ADDRESSES) {
    const state = stateCode(place.iso) ?? place.iso;
    const crs = nativeCrs.get(state);
    if (crs === undefined) continue;
    const kennzeichen = kennzeichenOf(state, 1);
    fake.addParcel(servicePathOf(state), placeParcel(place, { kennzeichen, crs, lage: address }));
    placed.push({ state, kennzeichen, address });
  }
  const crs = nativeCrs.get('BE');
  if (crs !== undefined) {
    const centre = { lat: BERLIN_ZONE_BORDER.lat, lon: BERLIN_ZONE_BORDER.lon };
    const parcel = placeParcel(centre, {
      kennzeichen: TWO_ZONE_KENNZEICHEN,
      crs,
      widthM: 40,
      depthM: 25,
      amtlicheFlaeche: 1000,
    });
    // Shifted 4 m east, so 60 % of it lies east of the border, 40 % west.
    const shifted = {
      ...parcel,
      outer: parcel.outer.map(([e, n]) => [e + 4, n] as [number, number]),
    };
    fake.addParcel(servicePathOf('BE'), shifted);
    placed.push({ state: 'BE', kennzeichen: TWO_ZONE_KENNZEICHEN });
  }
  return placed;
}

export interface DemoCadastre {
  fake: CadastreFake;
  parcels: DemoParcel[];
  /** The shipped parcel registry pointed at the fake (PARCEL_SOURCES_FILE). */
  registryFile: string;
}

/** The fake cadastres with the demo parcels, their registry written into `dir`. */
export async function startDemoCadastre(dir: string): Promise<DemoCadastre> {
  const world = await startCadastreWorld(await loadParcelRegistry());
  const parcels = placeDemoParcels(world.fake, world.registry);
  const registryFile = join(dir, 'parcel-sources.json');
  writeFileSync(registryFile, JSON.stringify(world.registry));
  return { fake: world.fake, parcels, registryFile };
}
