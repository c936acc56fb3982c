// `ogc-api-features`: an OGC API Features collection read page by page with
// limit/offset, following the `next` link where the page gives one
// (Brandenburg: ogc-api.geobasis-bb.de/boris/collections/br_bodenrichtwert/items,
// every stichtag since 2010 in one collection). The items are GeoJSON with
// nested properties (nutzung/art, gemeinde/bezeichnung); a property holding
// a list (vollgeschosszahl [2]) is read by its first element. Coordinates
// are WGS84 (OGC API Features Part 1) unless the page names another system.
import { z } from 'zod';
import { crsSchema } from '../../geo/crs.js';
import { geojsonCollectionOf } from '../../sources/geojsonAnswer.js';
import { withQuery } from '../../sources/ogc/capabilities.js';
import { geojsonZones } from '../servicePages/geojsonZones.js';
import { listPropertyAt } from '../servicePages/listProperties.js';
import { metricCrsSchema, pagingSchema } from '../servicePages/pageOptions.js';
import { serviceAddress } from '../servicePages/serviceAddress.js';
import { servicePages } from '../servicePages/servicePages.js';
import { inYear, yearFilterSchema } from '../servicePages/yearFilter.js';
import { ZoneImportError } from '../zoneImportError.js';
import type { ZoneRouteKind } from '../zoneRoute.js';

const optionsSchema = z
  .object({
    /** The collection's items address. */
    url: z.url(),
    /** Query parameters of every page (f=json asks GeoJSON of a server that also renders HTML). */
    query: z.record(z.string(), z.string()).default({ f: 'json' }),
    ...pagingSchema,
    pageSize: pagingSchema.pageSize.default(1000),
    crs: metricCrsSchema,
    /** The system of metre-sized coordinates when the page names none. */
    geometryCrs: crsSchema.optional(),
    /** A collection of every stichtag: the year's zones are chosen by this field. */
    yearFilter: yearFilterSchema.optional(),
  })
  .strict();

type Options = z.infer<typeof optionsSchema>;

/** The next link, kept on the collection's host; the page's own query parameters forced on. */
function nextPage(link: string, base: string, query: Options['query']): string {
  const next = new URL(link, base);
  if (next.host !== new URL(base).host) {
    throw new ZoneImportError(
      'unreadable_page',
      `${base}: der next-Link führt auf einen anderen Host (${next.host})`,
    );
  }
  return withQuery(next.toString(), query);
}

export const ogcApiFeaturesRoute: ZoneRouteKind<Options> = {
  kind: 'ogc-api-features',
  optionsSchema,
  async *read(options, year, input, context) {
    const url = serviceAddress('ogc-api-features', input, year);
    const pages = servicePages(
      {
        label: url,
        pageSize: options.pageSize,
        timeoutMs: options.timeoutMs,
        request: ({ offset, next }) => ({
          url:
            next === undefined
              ? withQuery(url, {
                  ...options.query,
                  limit: String(options.pageSize),
                  offset: String(offset),
                })
              : nextPage(next, url, options.query),
          headers: { Accept: 'application/geo+json, application/json' },
        }),
        read: ({ text }) => {
          const { features, crsName, numberMatched, nextLink } = geojsonCollectionOf(text);
          return {
            items: features.map((feature) => ({ ...feature, crsName })),
            matched: numberMatched,
            next: nextLink,
          };
        },
        idOf: (feature) => feature.id,
      },
      context,
    );
    for await (const page of pages) {
      for (const zone of geojsonZones(page, options.geometryCrs, options.crs, listPropertyAt)) {
        if (inYear(zone, options.yearFilter, year)) yield zone;
      }
    }
  },
};
