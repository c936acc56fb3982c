// GeoServer answers DescribeFeatureType with outputFormat=application/json in
// a JSON form of its own: {targetNamespace, targetPrefix, featureTypes:
// [{typeName, properties: [{name, type: "xsd:string" | "gml:MultiSurface" …}]}]}.
// Its properties are flat, so each name is a path.
import { z } from 'zod';
import { UpstreamOutage } from '../../upstream/upstreamOutage.js';
import type { FeatureTypeSchema } from './featureTypeSchema.js';

const descriptionSchema = z.object({
  targetNamespace: z.string().default(''),
  featureTypes: z.array(
    z.object({
      typeName: z.string(),
      properties: z.array(z.object({ name: z.string(), type: z.string().default('') })),
    }),
  ),
});

export function isJsonDescription(text: string): boolean {
  return text.trimStart().startsWith('{');
}

export function describeFeatureTypeJson(
  text: string,
  typeNames: readonly string[],
  namespaces: Readonly<Record<string, string>>,
): Map<string, FeatureTypeSchema> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new UpstreamOutage('malformed_body', 'DescribeFeatureType answer is not JSON');
  }
  const parsed = descriptionSchema.safeParse(json);
  if (!parsed.success) {
    throw new UpstreamOutage('malformed_body', 'DescribeFeatureType JSON without featureTypes');
  }
  const { targetNamespace, featureTypes } = parsed.data;
  const prefix = Object.entries(namespaces).find(([, uri]) => uri === targetNamespace)?.[0];
  const result = new Map<string, FeatureTypeSchema>();
  for (const typeName of typeNames) {
    const local = typeName.slice(typeName.indexOf(':') + 1);
    const type = featureTypes.find((t) => t.typeName === local);
    if (!type) continue;
    const geometry = type.properties.find((p) => p.type.startsWith('gml:'))?.name;
    result.set(typeName, {
      namespace: targetNamespace,
      ...(geometry === undefined
        ? {}
        : { geometryProperty: prefix === undefined ? geometry : `${prefix}:${geometry}` }),
      properties: type.properties.map((p) => p.name),
      unresolved: [],
    });
  }
  return result;
}
