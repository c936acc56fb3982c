// One loopback cadastre service per open state of the shipped parcel registry,
// with the quirks the reference documents for it, and the registry pointed at
// them: what the demo and the parcel tests start. Parcels are placed with
// `fake.addParcel(servicePathOf('NW'), placeParcel(point, { kennzeichen }))`.
import type { ParcelRegistryFile } from '#server/cadastre/parcelSourceDefinition.js';
import {
  startCadastreFake,
  type CadastreFake,
  type CadastreServiceConfig,
} from './cadastreFake.js';

/** The fake service path of a state's cadastre. */
export const servicePathOf = (state: string) => `/cadastre/${state.toLowerCase()}`;

/** Quirks of the real services (reference §3, §7): each is a trap the client must avoid. */
const QUIRKS: Readonly<Record<string, Partial<CadastreServiceConfig>>> = {
  TH: { degreeBbox: 'empty' },
  BE: { latLonUrnBbox: 'empty' },
  NI: { getFilter: 'waf' },
  NW: { ogcItems: true },
};

/** The services of every open record, empty; place parcels with addParcel. */
export function cadastreServices(registry: ParcelRegistryFile): CadastreServiceConfig[] {
  return registry.sources.flatMap((record) =>
    record.status === 'open'
      ? [
          {
            path: servicePathOf(record.state),
            family: record.family,
            nativeCrs: record.crs.native,
            ...QUIRKS[record.state],
          },
        ]
      : [],
  );
}

/** The registry with every open state's endpoint at the fake. */
export function loopbackParcelRegistry(
  registry: ParcelRegistryFile,
  fake: Pick<CadastreFake, 'endpointOf'>,
): ParcelRegistryFile {
  return {
    ...registry,
    sources: registry.sources.map((record) =>
      record.status === 'open'
        ? {
            ...record,
            endpoint: fake.endpointOf(servicePathOf(record.state)),
            kennzeichen:
              record.kennzeichen.kind === 'ogc-api-item'
                ? {
                    ...record.kennzeichen,
                    url: `${fake.endpointOf(servicePathOf(record.state))}/items/{kennzeichen}`,
                  }
                : record.kennzeichen,
          }
        : record,
    ),
  };
}

/** A cadastre fake for every open state of the registry and the registry pointed at it. */
export async function startCadastreWorld(registry: ParcelRegistryFile) {
  const fake = await startCadastreFake(cadastreServices(registry));
  return { fake, registry: loopbackParcelRegistry(registry, fake) };
}
