// Which feature types a `wfs-gml` source asks and which geometry property each
// filter names. Fixed in the registry for most states; Mecklenburg-Vorpommern's
// MapServer is read instead: the types from GetCapabilities by pattern (every
// matching type whose schema holds the land value), the geometry property from
// DescribeFeatureType (MapServer calls it msGeometry unless configured). What
// was read is kept per service address for the rest of the day, like
// Berlin's year type names.
import type { Clock } from '../../time/clock.js';
import type { Upstream } from '../../upstream/upstream.js';
import { UpstreamOutage } from '../../upstream/upstreamOutage.js';
import type { FieldSource } from '../fieldMap.js';
import { wfsFeatureTypeNames } from '../ogc/capabilities.js';
import { describeFeatureTypes } from '../ogc/describeFeatureType.js';
import type { TypeQuery } from './getFeatureRequest.js';
import { FROM_SCHEMA, featureTypesOf, type WfsOptions } from './wfsOptions.js';

export interface TypePlan {
  /** The queries, in the order the registry or the capabilities list the types. */
  queries(url: string): Promise<TypeQuery[]>;
}

type PlanOptions = Pick<
  WfsOptions,
  'featureType' | 'featureTypePattern' | 'geometryProperty' | 'namespaces'
>;

/** `brwField`: how a type matched by featureTypePattern shows that it holds land values. */
export function createTypePlan(
  options: PlanOptions,
  brwField: FieldSource | undefined,
  deps: { upstream: Upstream; clock: Clock },
): TypePlan {
  const fixedTypes = featureTypesOf(options);
  if (options.featureTypePattern === undefined && options.geometryProperty !== FROM_SCHEMA) {
    const geometryProperty = options.geometryProperty;
    const queries = fixedTypes.map((typeName) => ({ typeName, geometryProperty }));
    return { queries: () => Promise.resolve(queries) };
  }
  const known = new Map<string, { day: string; queries: TypeQuery[] }>();
  return {
    async queries(url) {
      const day = deps.clock().toISOString().slice(0, 10);
      const cached = known.get(url);
      if (cached?.day === day) return cached.queries;
      const queries = await readPlan(url, options, fixedTypes, brwPaths(brwField), deps.upstream);
      known.set(url, { day, queries });
      return queries;
    },
  };
}

async function readPlan(
  url: string,
  options: PlanOptions,
  fixedTypes: readonly string[],
  brwPaths: readonly string[],
  upstream: Upstream,
): Promise<TypeQuery[]> {
  const pattern =
    options.featureTypePattern === undefined
      ? undefined
      : new RegExp(options.featureTypePattern, 'u');
  const candidates = pattern
    ? (await wfsFeatureTypeNames(upstream, url)).filter((name) => pattern.test(name))
    : fixedTypes;
  if (candidates.length === 0) {
    throw new UpstreamOutage('malformed_body', `no feature type matches ${String(pattern)}`);
  }
  const schemas = await describeFeatureTypes(upstream, url, candidates, options.namespaces);
  const queries: TypeQuery[] = [];
  for (const typeName of candidates) {
    const schema = schemas.get(typeName);
    // A pattern may also match types that hold no land values (labels, borders).
    if (pattern && !schema?.properties.some((p) => brwPaths.includes(p))) continue;
    const geometryProperty =
      options.geometryProperty === FROM_SCHEMA
        ? schema?.geometryProperty
        : options.geometryProperty;
    if (geometryProperty === undefined) {
      throw new UpstreamOutage(
        'malformed_body',
        `no geometry property in the schema of ${typeName}`,
      );
    }
    queries.push({ typeName, geometryProperty });
  }
  if (queries.length === 0) {
    throw new UpstreamOutage(
      'malformed_body',
      `no feature type matching ${String(pattern)} holds ${brwPaths.join(' or ')}`,
    );
  }
  return queries;
}

/** The element paths the land value is read from. */
function brwPaths(source: FieldSource | undefined): string[] {
  if (source === undefined) return [];
  const specs = Array.isArray(source) ? source : [source];
  return specs.map((spec) => (typeof spec === 'string' ? spec : spec.path));
}
