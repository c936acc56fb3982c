// `wfs-gml-pages`: a WFS 2.0 answering GML, every feature of one or more types
// read page by page with count/startIndex, one type after the other:
// Niedersachsen and Bremen (LGLN doorman, one service per year, BRM 2
// boris:BR_BodenrichtwertZonal; POST, since the LGLN firewall rejects GET with
// FILTER), Thüringen (one layer boris:bodenrichtwertzone with every stichtag
// since 2008, the year chosen on read), Mecklenburg-Vorpommern (one type per
// use, all of them taken from the capabilities by pattern).
import { z } from 'zod';
import { axisOrderSchema, crsSchema } from '../../geo/crs.js';
import { withQuery, wfsFeatureTypeNames } from '../../sources/ogc/capabilities.js';
import { collectionRootOf, membersOf } from '../../sources/wfs/featureCollection.js';
import { escapeXml, getFeatureXml } from '../../sources/wfs/getFeatureRequest.js';
import { localNameOf, qualifiedName } from '../../sources/wfs/wfsOptions.js';
import { attributeOf, type XmlNode } from '../../sources/xmlTree.js';
import { createUpstream, type UpstreamRequest } from '../../upstream/upstream.js';
import { gmlZone } from '../servicePages/gmlZones.js';
import { metricCrsSchema, pagingSchema } from '../servicePages/pageOptions.js';
import { pageFailure } from '../servicePages/pageFailure.js';
import { serviceAddress } from '../servicePages/serviceAddress.js';
import { servicePages } from '../servicePages/servicePages.js';
import { inYear, yearFilterSchema } from '../servicePages/yearFilter.js';
import { ZoneImportError } from '../zoneImportError.js';
import type { RouteContext, ZoneRouteKind } from '../zoneRoute.js';

const optionsSchema = z
  .object({
    /** May hold "{year}" (…/doorman/noauth/boris_{year}_wfs). */
    url: z.url(),
    featureTypes: z.array(qualifiedName).min(1).optional(),
    /** A regular expression: every offered type it matches is read (MV's types per use). */
    featureTypePattern: z.string().min(1).optional(),
    /** The prefixes of the type names (and their URIs), declared in a POST body. */
    namespaces: z.record(z.string(), z.string()),
    method: z.enum(['POST', 'GET']).default('POST'),
    ...pagingSchema,
    pageSize: pagingSchema.pageSize.default(500),
    crs: metricCrsSchema,
    /** The system of a geometry that names none: the service's native one. */
    nativeCrs: crsSchema,
    nativeAxisOrder: axisOrderSchema,
    /** The element holding the geometry; absent: wherever the feature has a surface. */
    geometryProperty: qualifiedName.optional(),
    yearFilter: yearFilterSchema.optional(),
    /** Values a type stands for, by field path (boris:sanierungsgebiet: verg San). */
    typeFacts: z.record(z.string(), z.record(z.string(), z.string())).default({}),
  })
  .strict()
  .refine((o) => (o.featureTypes === undefined) !== (o.featureTypePattern === undefined), {
    message: 'give either featureTypes or featureTypePattern',
  });

type Options = z.infer<typeof optionsSchema>;

async function typesOf(options: Options, url: string, context: RouteContext): Promise<string[]> {
  if (options.featureTypes !== undefined) return options.featureTypes;
  const pattern = new RegExp(options.featureTypePattern ?? '', 'u');
  let offered: string[];
  try {
    const upstream = createUpstream({ ...context, timeoutMs: options.timeoutMs });
    offered = await wfsFeatureTypeNames(upstream, url);
  } catch (error) {
    context.signal?.throwIfAborted();
    throw pageFailure(`Capabilities von ${url}`, error);
  }
  const types = offered.filter((name) => pattern.test(name));
  if (types.length === 0) {
    throw new ZoneImportError(
      'not_the_set',
      `Capabilities von ${url}: kein Objekttyp passt zu ${pattern.source} (angeboten: ${offered.join(', ') || 'keiner'})`,
    );
  }
  return types;
}

function pageRequest(options: Options, url: string, type: string, offset: number): UpstreamRequest {
  const count = String(options.pageSize);
  const startIndex = String(offset);
  if (options.method === 'GET') {
    return {
      url: withQuery(url, {
        SERVICE: 'WFS',
        VERSION: '2.0.0',
        REQUEST: 'GetFeature',
        TYPENAMES: type,
        COUNT: count,
        STARTINDEX: startIndex,
      }),
      headers: { Accept: 'application/gml+xml, application/xml' },
    };
  }
  return {
    url,
    method: 'POST',
    headers: { 'Content-Type': 'application/xml', Accept: 'application/gml+xml, application/xml' },
    body: getFeatureXml(options.namespaces, `<wfs:Query typeNames="${escapeXml(type)}"/>`, {
      count,
      startIndex,
    }),
  };
}

export const wfsGmlPagesRoute: ZoneRouteKind<Options> = {
  kind: 'wfs-gml-pages',
  optionsSchema,
  async *read(options, year, input, context) {
    const url = serviceAddress('wfs-gml-pages', input, year);
    const fallback = { crs: options.nativeCrs, axisOrder: options.nativeAxisOrder };
    const geometryProperty =
      options.geometryProperty === undefined ? undefined : localNameOf(options.geometryProperty);
    for (const type of await typesOf(options, url, context)) {
      const local = localNameOf(type);
      const pages = servicePages(
        {
          label: `Typ ${type} von ${url}`,
          pageSize: options.pageSize,
          timeoutMs: options.timeoutMs,
          request: ({ offset }) => pageRequest(options, url, type, offset),
          read: ({ text }) => {
            const root = collectionRootOf(text);
            const matched = Number(attributeOf(root, 'numberMatched'));
            return {
              items: membersOf(root, local).map(({ feature }) => feature),
              // "unknown" (allowed by WFS 2.0) leaves the end to a short page.
              matched: Number.isInteger(matched) ? matched : undefined,
            };
          },
          idOf: (feature: XmlNode) => attributeOf(feature, 'id'),
        },
        context,
      );
      const reading = {
        geometryProperty,
        fallback,
        target: options.crs,
        facts: options.typeFacts[type],
      };
      for await (const { name, items } of pages) {
        for (const [index, feature] of items.entries()) {
          const id = attributeOf(feature, 'id');
          const zone = gmlZone(
            feature,
            `${name}, Objekt ${index + 1}${id ? ` (${id})` : ''}`,
            reading,
          );
          if (inYear(zone, options.yearFilter, year)) yield zone;
        }
      }
    }
  },
};
