// Reads what a WFS says about its feature types (DescribeFeatureType): per
// type, its property paths as the registry writes field paths (element names
// without prefixes, object elements such as BR_Nutzung skipped, attributes as
// "@name": "nutzung/art", "nutzung/art/@href") and its geometry property.
// Schemas the answer imports are read too (at most MAX_DOCUMENTS); where a
// type lies in a schema that cannot be read, the path is listed as
// unresolved: nothing is known below it. GeoServer's JSON form is read too.
import type { Upstream } from '../../upstream/upstream.js';
import { isUpstreamOutage } from '../../upstream/upstreamOutage.js';
import { withQuery } from './capabilities.js';
import {
  featureTypeSchemaOf,
  type FeatureTypeSchema,
  type SchemaSet,
} from './featureTypeSchema.js';
import { describeFeatureTypeJson, isJsonDescription } from './describeFeatureTypeJson.js';
import { readXsdDocument, type XsdDocument } from './xsdDocument.js';

export type { FeatureTypeSchema } from './featureTypeSchema.js';

const MAX_DOCUMENTS = 12;

/**
 * Namespaces whose schemas are standards (GML, XML Schema, XLink, the ISO
 * metadata the AdV base schema imports): large, known, never fetched.
 */
const STANDARD = /^https?:\/\/(www\.)?(opengis\.net|w3\.org|isotc211\.org)\//;

/**
 * The schemas of `typeNames` (prefix:name, prefixes declared in `namespaces`),
 * keyed by the given type name; a type the service does not describe is absent.
 */
export async function describeFeatureTypes(
  upstream: Upstream,
  url: string,
  typeNames: readonly string[],
  namespaces: Readonly<Record<string, string>>,
): Promise<Map<string, FeatureTypeSchema>> {
  const request = withQuery(url, {
    SERVICE: 'WFS',
    VERSION: '2.0.0',
    REQUEST: 'DescribeFeatureType',
    TYPENAMES: typeNames.join(','),
    ...(Object.keys(namespaces).length === 0
      ? {}
      : {
          NAMESPACES: Object.entries(namespaces)
            .map(([prefix, uri]) => `xmlns(${prefix},${uri})`)
            .join(','),
        }),
  });
  const text = await fetchText(upstream, request);
  if (isJsonDescription(text)) return describeFeatureTypeJson(text, typeNames, namespaces);
  const set = await readSchemaSet(upstream, request, readXsdDocument(text));
  const result = new Map<string, FeatureTypeSchema>();
  for (const typeName of typeNames) {
    const schema = featureTypeSchemaOf(set, typeName, namespaces);
    if (schema) result.set(typeName, schema);
  }
  return result;
}

/** The answer and the schemas it imports, breadth first; unreadable imports are skipped. */
async function readSchemaSet(
  upstream: Upstream,
  baseUrl: string,
  first: XsdDocument,
): Promise<SchemaSet> {
  const documents = [first];
  const seen = new Set<string>([baseUrl]);
  const queue = first.imports.map((i) => ({ ...i, from: baseUrl }));
  while (queue.length > 0 && documents.length < MAX_DOCUMENTS) {
    const next = queue.shift();
    if (!next?.location || (next.namespace !== undefined && STANDARD.test(next.namespace))) {
      continue;
    }
    const location = new URL(next.location, next.from).toString();
    if (seen.has(location)) continue;
    seen.add(location);
    try {
      const document = readXsdDocument(await fetchText(upstream, location));
      documents.push(document);
      queue.push(...document.imports.map((i) => ({ ...i, from: location })));
    } catch (err) {
      if (!isUpstreamOutage(err)) throw err;
    }
  }
  return { documents };
}

function fetchText(upstream: Upstream, url: string): Promise<string> {
  return upstream.request(
    { url, headers: { Accept: 'application/xml, text/xml, application/json' } },
    ({ text }) => text,
  );
}
