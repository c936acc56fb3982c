// The areas of urban-development procedures (Sanierungsgebiet,
// Entwicklungsbereich, …) that Brandenburg and Hessen publish as a feature type
// of their own (BR_Verfahren) beside the zones. They are asked in the same
// GetFeature as the zones, by the same point, so an area found holds the point
// and every zone there; the zones' records carry the areas' published texts
// and the mapper decides what they say (procedureArea.ts). The areas are an
// optional fact whose element names, geometry property and whether the
// services take a second wfs:Query are unverified: when the area type cannot
// be planned (DescribeFeatureType fails) or the service refuses the combined
// request, the zones are asked alone and their records say the areas went
// unchecked (uncheckedFacts.ts), so the answer names it and is kept briefly.
import type { Clock } from '../../time/clock.js';
import type { Upstream } from '../../upstream/upstream.js';
import { isUpstreamOutage } from '../../upstream/upstreamOutage.js';
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

/**
 * Asks `request` with the area queries beside the zones' and hands its
 * features to `read`; without areas (none configured) the zones alone. When
 * the areas cannot be planned, or the service answers the combined request
 * with a refusal, the zones are asked alone and every record says the areas
 * went unchecked. A timeout or a lost connection is an outage as it is: asking
 * again would only double the wait; so is a 404 (a data year not released).
 */
export async function withProcedureAreas(
  areas: ProcedureAreas | undefined,
  url: string,
  request: (areaQueries: readonly TypeQuery[]) => Promise<TypedFeature[]>,
  read: (features: TypedFeature[]) => Promise<SourceRecord[]>,
): Promise<SourceRecord[]> {
  if (!areas) return read(await request([]));
  let features: TypedFeature[] | undefined;
  try {
    features = await request(await areas.queries(url));
  } catch (err) {
    if (!isRefusal(err)) throw err;
  }
  if (features) return areas.attach(await read(features), features);
  const records = await read(await request([]));
  return records.map((record) => ({ ...record, unchecked: ['procedureAreas'] }));
}

/** The service answered, but not with the features: an exception, an error status, a body not read. */
function isRefusal(err: unknown): boolean {
  return (
    isUpstreamOutage(err) &&
    ((err.reason === 'http_status' && err.httpStatus !== 404) ||
      err.reason === 'service_exception' ||
      err.reason === 'malformed_body')
  );
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
