// The self-check of the WFS kinds: the type names the registry asks must be
// offered by GetCapabilities, and DescribeFeatureType must hold each type's
// geometry property and every field path. The data year, Berlin's type
// name and MV's types are resolved by the adapters' own code (year endpoint,
// featureTypeMatching, the type plan).
import type { ConfiguredSource } from '../sources/sourceDefinition.js';
import { describeFeatureTypes } from '../sources/ogc/describeFeatureType.js';
import { featureTypeMatching } from '../sources/ogc/capabilities.js';
import { createTypePlan } from '../sources/wfs/typePlan.js';
import { featureTypesOf, type WfsOptions } from '../sources/wfs/wfsOptions.js';
import { fieldPaths, resolved, withoutPrefixes } from './findings.js';
import type { SchemaCheck, SchemaCheckDeps } from './kindCheck.js';
import { checkType, missingTypes } from './typeSchemaCheck.js';

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

export async function checkWfsGml(
  source: ConfiguredSource,
  options: WfsOptions,
  url: string,
  deps: SchemaCheckDeps,
): Promise<SchemaCheck> {
  const missing = await missingTypes(deps, url, featureTypesOf(options));
  if (missing.length > 0) return { checked: [], findings: missing };
  const plan = await resolved(() => createTypePlan(options, source.fields.brw, deps).queries(url));
  if (!plan.ok) return { checked: [], findings: [plan.finding] };
  const queries = plan.value;
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
}

export async function checkWfsTwoStep(
  source: ConfiguredSource,
  options: TwoStepOptions,
  url: string,
  deps: SchemaCheckDeps,
): Promise<SchemaCheck> {
  const typeNames = [options.zoneType, options.valueType];
  const missing = await missingTypes(deps, url, typeNames);
  if (missing.length > 0) return { checked: [], findings: missing };
  const schemas = await describeFeatureTypes(deps.upstream, url, typeNames, options.namespaces);
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

export async function checkWfsGeojson(
  source: ConfiguredSource,
  options: WfsGeojsonOptions,
  url: string,
  deps: SchemaCheckDeps,
): Promise<SchemaCheck> {
  const pattern = new RegExp(options.typeNamePattern ?? '', 'u');
  const found = await resolved(() =>
    options.typeName === undefined
      ? featureTypeMatching(deps.upstream, url, pattern)
      : Promise.resolve(options.typeName),
  );
  if (!found.ok) return { checked: [], findings: [found.finding] };
  const typeName = found.value;
  const missing = await missingTypes(deps, url, options.typeName === undefined ? [] : [typeName]);
  if (missing.length > 0) return { checked: [], findings: missing };
  const schemas = await describeFeatureTypes(deps.upstream, url, [typeName], {});
  return {
    checked: [typeName],
    findings: checkType(typeName, schemas.get(typeName), {}, { fields: fieldPaths(source.fields) }),
  };
}
