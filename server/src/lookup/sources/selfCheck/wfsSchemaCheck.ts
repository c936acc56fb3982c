// The self-check of the WFS kinds: the type names the registry asks must be
// offered by GetCapabilities, and DescribeFeatureType must hold each type's
// geometry property and every field path. The data year, Berlin's type
// name and MV's types are resolved by the adapters' own code (year endpoint,
// featureTypeMatching, the type plan).
import type { ConfiguredSource } from '../sourceDefinition.js';
import { describeFeatureTypes, type FeatureTypeSchema } from '../ogc/describeFeatureType.js';
import { featureTypeMatching, wfsFeatureTypeNames } from '../ogc/capabilities.js';
import { isUpstreamOutage } from '../../upstream/upstreamOutage.js';
import { createTypePlan } from '../wfs/typePlan.js';
import { featureTypesOf, type WfsOptions } from '../wfs/wfsOptions.js';
import { createYearEndpoint } from '../years/yearEndpoint.js';
import {
  checkFields,
  fieldPaths,
  mismatch,
  notCheckable,
  withoutPrefixes,
  type Finding,
} from './findings.js';
import type { SchemaCheck, SchemaCheckDeps } from './schemaCheck.js';

type Fields = ReturnType<typeof fieldPaths>;

/** The options of `wfs-gml-two-step` the check reads. */
export interface TwoStepOptions {
  url: string;
  zoneType: string;
  valueType: string;
  geometryProperty: string;
  referenceProperty: string;
  namespaces: Record<string, string>;
}

/** The options of `wfs-geojson` the check reads. */
export interface WfsGeojsonOptions {
  url: string;
  yearsBack: number;
  typeName?: string | undefined;
  typeNamePattern?: string | undefined;
}

export function checkWfsGml(
  source: ConfiguredSource,
  options: WfsOptions,
  deps: SchemaCheckDeps,
): Promise<SchemaCheck> {
  const endpoint = createYearEndpoint(options.url, options.yearsBack, deps.clock);
  return endpoint.run(async (url) => {
    const missing = await missingTypes(deps, url, featureTypesOf(options));
    if (missing.length > 0) return { checked: [], findings: missing };
    let queries;
    try {
      queries = await createTypePlan(options, source.fields.brw, deps).queries(url);
    } catch (err) {
      if (!isUpstreamOutage(err) || err.reason !== 'malformed_body') throw err;
      return { checked: [], findings: [mismatch(err.message)] };
    }
    const typeNames = queries.map((q) => q.typeName);
    const schemas = await describeFeatureTypes(deps.upstream, url, typeNames, options.namespaces);
    const fields = [
      ...fieldPaths(source.fields),
      ...(options.yearFilter
        ? [{ field: 'yearFilter', paths: [withoutPrefixes(options.yearFilter.property)] }]
        : []),
    ];
    const findings = queries.flatMap((q) =>
      checkType(q.typeName, schemas.get(q.typeName), options.namespaces, {
        geometryProperty: q.geometryProperty,
        fields,
      }),
    );
    return { checked: typeNames, findings };
  });
}

export async function checkWfsTwoStep(
  source: ConfiguredSource,
  options: TwoStepOptions,
  deps: SchemaCheckDeps,
): Promise<SchemaCheck> {
  const typeNames = [options.zoneType, options.valueType];
  const missing = await missingTypes(deps, options.url, typeNames);
  if (missing.length > 0) return { checked: [], findings: missing };
  const schemas = await describeFeatureTypes(
    deps.upstream,
    options.url,
    typeNames,
    options.namespaces,
  );
  const reference = {
    field: 'referenceProperty',
    paths: [withoutPrefixes(options.referenceProperty)],
  };
  return {
    checked: typeNames,
    findings: [
      ...checkType(options.zoneType, schemas.get(options.zoneType), options.namespaces, {
        geometryProperty: options.geometryProperty,
        fields: [],
      }),
      ...checkType(options.valueType, schemas.get(options.valueType), options.namespaces, {
        fields: [...fieldPaths(source.fields), reference],
      }),
    ],
  };
}

export function checkWfsGeojson(
  source: ConfiguredSource,
  options: WfsGeojsonOptions,
  deps: SchemaCheckDeps,
): Promise<SchemaCheck> {
  const endpoint = createYearEndpoint(options.url, options.yearsBack, deps.clock);
  return endpoint.run(async (url) => {
    let typeName = options.typeName;
    if (typeName === undefined) {
      try {
        typeName = await featureTypeMatching(
          deps.upstream,
          url,
          new RegExp(options.typeNamePattern ?? '', 'u'),
        );
      } catch (err) {
        if (!isUpstreamOutage(err) || err.reason !== 'malformed_body') throw err;
        return { checked: [], findings: [mismatch(err.message)] };
      }
    } else {
      const missing = await missingTypes(deps, url, [typeName]);
      if (missing.length > 0) return { checked: [], findings: missing };
    }
    const schemas = await describeFeatureTypes(deps.upstream, url, [typeName], {});
    return {
      checked: [typeName],
      findings: checkType(
        typeName,
        schemas.get(typeName),
        {},
        { fields: fieldPaths(source.fields) },
      ),
    };
  });
}

async function missingTypes(
  deps: SchemaCheckDeps,
  url: string,
  typeNames: readonly string[],
): Promise<Finding[]> {
  if (typeNames.length === 0) return [];
  const offered = await wfsFeatureTypeNames(deps.upstream, url);
  return typeNames
    .filter((name) => !offered.includes(name))
    .map((name) =>
      mismatch(
        `type \`${name}\` is not offered; the service offers: ${offered.join(', ') || 'no types'}`,
      ),
    );
}

function checkType(
  typeName: string,
  schema: FeatureTypeSchema | undefined,
  namespaces: Readonly<Record<string, string>>,
  wanted: { geometryProperty?: string; fields: Fields },
): Finding[] {
  if (!schema)
    return [
      mismatch(`type \`${typeName}\` is offered but DescribeFeatureType does not describe it`),
    ];
  const findings: Finding[] = [];
  const prefix = typeName.slice(0, typeName.indexOf(':'));
  const declared = namespaces[prefix];
  if (declared !== undefined && schema.namespace !== declared) {
    findings.push(
      mismatch(
        `namespace of \`${typeName}\` is ${schema.namespace}; the registry declares ${prefix} as ${declared}`,
      ),
    );
  }
  const geometry = wanted.geometryProperty;
  if (geometry !== undefined && schema.geometryProperty !== geometry) {
    if (schema.geometryProperty === undefined && schema.unresolved.length > 0) {
      findings.push(
        notCheckable(
          `geometry property \`${geometry}\` of \`${typeName}\`: part of the type is defined in a schema that could not be read`,
        ),
      );
    } else {
      const actual = schema.geometryProperty;
      findings.push(
        mismatch(
          `geometry property \`${geometry}\` is not in \`${typeName}\`; ${actual === undefined ? 'the type has no geometry property' : `its geometry property is \`${actual}\``}`,
        ),
      );
    }
  }
  return [...findings, ...checkFields(wanted.fields, typeName, schema)];
}
