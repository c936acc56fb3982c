// The parcel sources of every state from the registry (parcel-sources.yaml):
// the ParcelSources port of the parcel view. A state the registry marks
// `none` (Bayern) or does not list answers with the reason.
import type { ParcelSources } from './parcelSource.js';
import { createCadastreSource, type CadastreSourceDeps } from './cadastreSource.js';
import type { ParcelRegistryFile } from './parcelSourceDefinition.js';

/** German, for a state the registry does not list. */
export const UNLISTED_REASON = 'Für dieses Land ist keine Flurstücksquelle eingetragen.';

export function createParcelSources(
  registry: Pick<ParcelRegistryFile, 'sources'>,
  deps: CadastreSourceDeps,
): ParcelSources {
  const byState = new Map(
    registry.sources.map((record) => [
      record.state,
      record.status === 'open'
        ? ({ status: 'open', source: createCadastreSource(record, deps) } as const)
        : ({ status: 'none', reason: record.reason } as const),
    ]),
  );
  return (state) => byState.get(state) ?? { status: 'none', reason: UNLISTED_REASON };
}
