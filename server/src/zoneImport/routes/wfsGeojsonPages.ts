// `wfs-geojson-pages`: a WFS 2.0 per year answering GeoJSON, read page by page
// with COUNT/STARTINDEX (Berlin: gdi.berlin.de/services/wfs/brw{YYYY}, a
// GeoServer). The type name differs by year (brw2026:brw2026_vector,
// brw2025:brw_2025_vector), so it may be taken from the capabilities by a
// pattern. Without srsName GeoServer answers in the native system and names
// it in the collection's `crs` member.
import { z } from 'zod';
import { crsSchema } from '../../geo/crs.js';
import { geojsonCollectionOf } from '../../sources/geojsonAnswer.js';
import { featureTypeMatching, withQuery } from '../../sources/ogc/capabilities.js';
import { createUpstream } from '../../upstream/upstream.js';
import { geojsonZones } from '../servicePages/geojsonZones.js';
import { metricCrsSchema, pagingSchema } from '../servicePages/pageOptions.js';
import { pageFailure } from '../servicePages/pageFailure.js';
import { serviceAddress } from '../servicePages/serviceAddress.js';
import { servicePages } from '../servicePages/servicePages.js';
import type { RouteContext, ZoneRouteKind } from '../zoneRoute.js';

const optionsSchema = z
  .object({
    /** May hold "{year}" (https://gdi.berlin.de/services/wfs/brw{year}). */
    url: z.url(),
    typeName: z.string().min(1).optional(),
    /** A regular expression matched against the capabilities' type names. */
    typeNamePattern: z.string().min(1).optional(),
    outputFormat: z.string().min(1).default('application/json'),
    ...pagingSchema,
    pageSize: pagingSchema.pageSize.default(1000),
    crs: metricCrsSchema,
    /** The system of the coordinates when the answer names none (Berlin: its native EPSG:25833). */
    geometryCrs: crsSchema.optional(),
  })
  .strict()
  .refine((o) => (o.typeName === undefined) !== (o.typeNamePattern === undefined), {
    message: 'give either typeName or typeNamePattern',
  });

type Options = z.infer<typeof optionsSchema>;

async function typeNameOf(options: Options, url: string, context: RouteContext) {
  if (options.typeName !== undefined) return options.typeName;
  const upstream = createUpstream({ ...context, timeoutMs: options.timeoutMs });
  try {
    return await featureTypeMatching(upstream, url, new RegExp(options.typeNamePattern ?? '', 'u'));
  } catch (error) {
    context.signal?.throwIfAborted();
    throw pageFailure(`Capabilities von ${url}`, error);
  }
}

export const wfsGeojsonPagesRoute: ZoneRouteKind<Options> = {
  kind: 'wfs-geojson-pages',
  optionsSchema,
  async *read(options, year, input, context) {
    const url = serviceAddress('wfs-geojson-pages', input, year);
    const typeName = await typeNameOf(options, url, context);
    const pages = servicePages(
      {
        label: `Typ ${typeName} von ${url}`,
        pageSize: options.pageSize,
        timeoutMs: options.timeoutMs,
        request: ({ offset }) => ({
          url: withQuery(url, {
            SERVICE: 'WFS',
            VERSION: '2.0.0',
            REQUEST: 'GetFeature',
            TYPENAMES: typeName,
            OUTPUTFORMAT: options.outputFormat,
            COUNT: String(options.pageSize),
            STARTINDEX: String(offset),
          }),
          headers: { Accept: 'application/json' },
        }),
        read: ({ text }) => {
          const { features, crsName, numberMatched } = geojsonCollectionOf(text);
          return {
            items: features.map((feature) => ({ ...feature, crsName })),
            matched: numberMatched,
          };
        },
        idOf: (feature) => feature.id,
      },
      context,
    );
    for await (const page of pages) yield* geojsonZones(page, options.geometryCrs, options.crs);
  },
};
