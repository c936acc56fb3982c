// The areas of urban-development procedures (Sanierungsgebiet,
// Entwicklungsbereich, …) that Brandenburg and Hessen publish as a feature type
// of their own (BR_Verfahren) beside the zones. They are asked in the same
// GetFeature as the zones, by the same point, so an area found holds the point
// and every zone there; the zones' records carry the areas' published texts
// and the mapper decides what they say (procedureArea.ts). A failing area
// query fails the request: an answer without its procedure would be cached as
// if complete.
import type { Clock } from '../../time/clock.js';
import type { Upstream } from '../../upstream/upstream.js';
import { readFieldSource } from '../fieldMap.js';
import type { ProcedureAreaRecord, SourceRecord } from '../sourceRecord.js';
import { attributeOf, textAtPath, type XmlNode } from '../xmlTree.js';
import type { TypedFeature } from './featureCollection.js';
import type { TypeQuery } from './getFeatureRequest.js';
import { createTypePlan } from './typePlan.js';
import { localNameOf, type ProcedureAreasOptions } from './wfsOptions.js';

export interface ProcedureAreas {
  /** The local name of the area type, to find its features in the answer. */
  typeName: string;
  /** The area type's query (its geometry property read from the schema if need be). */
  queries(url: string): Promise<TypeQuery[]>;
  /** The records with the published texts of the area features among the answer's features. */
  attach(records: SourceRecord[], features: readonly TypedFeature[]): SourceRecord[];
}

export function createProcedureAreas(
  options: ProcedureAreasOptions,
  namespaces: Readonly<Record<string, string>>,
  deps: { upstream: Upstream; clock: Clock },
): ProcedureAreas {
  const plan = createTypePlan(
    { featureType: options.featureType, geometryProperty: options.geometryProperty, namespaces },
    undefined,
    deps,
  );
  const read = (area: XmlNode): ProcedureAreaRecord => {
    const valueAt = (path: string) => textAtPath(area, path);
    const art = readFieldSource(options.verfahrensgrund, valueAt);
    const zusatz =
      options.verfahrensgrund_zusatz === undefined
        ? undefined
        : readFieldSource(options.verfahrensgrund_zusatz, valueAt);
    const id = attributeOf(area, 'id');
    return {
      ...(id ? { id } : {}),
      ...(art === undefined ? {} : { verfahrensgrund: art }),
      ...(zusatz === undefined ? {} : { verfahrensgrund_zusatz: zusatz }),
    };
  };
  return {
    typeName: localNameOf(options.featureType),
    queries: (url) => plan.queries(url),
    attach(records, features) {
      const typeName = localNameOf(options.featureType);
      const procedureAreas = features
        .filter(({ type }) => type === typeName)
        .map(({ feature }) => read(feature));
      if (procedureAreas.length === 0) return records;
      return records.map((record) => ({ ...record, procedureAreas }));
    },
  };
}
