// The `wfs-geojson` kind: WFS 2.0 GetFeature by GET with a BBOX of a small
// square around the point, answered in GeoJSON (Berlin, gdi.berlin.de) with
// each zone's outline. The type name may be found in the capabilities by a
// pattern, since Berlin names its types differently from year to year.
// For the parcel view the zones meeting a parcel's box are asked by the
// same BBOX, paged, with their polygons in full precision (zonesIn).
import { z } from 'zod';
import { axisOrderFits, axisOrderSchema, crsSchema } from '../../geo/crs.js';
import { defineAdapterKind } from '../adapter.js';
import type { LatLon } from '../../geo/latLon.js';
import { extractRecord } from '../fieldMap.js';
import { geojsonCollectionOf } from '../geojsonAnswer.js';
import { readGeojsonOutline } from '../geojsonOutline.js';
import { propertyAt } from '../jsonProperties.js';
import { featureTypeMatching, withQuery } from '../ogc/capabilities.js';
import { createYearEndpoint, yearsBackSchema } from '../years/yearEndpoint.js';
import { bboxAround, bboxOfBox, formatBbox } from './bboxAround.js';
import type { MetricBox } from '../../geo/metricBox.js';
import { readGeojsonSurface } from '../../geo/geojsonSurface.js';
import { zonePages } from './zonePages.js';
import { holdsValueOn } from '../history/datedLookup.js';

const optionsSchema = z
  .object({
    /** May hold "{year}" (https://gdi.berlin.de/services/wfs/brw{year}). */
    url: z.url(),
    yearsBack: yearsBackSchema,
    typeName: z.string().min(1).optional(),
    /** A regular expression matched against the capabilities' type names. */
    typeNamePattern: z.string().min(1).optional(),
    outputFormat: z.string().min(1).default('application/json'),
    /** Written after the BBOX numbers, e.g. urn:ogc:def:crs:EPSG::4326 (lat lon). */
    srsName: z.string().min(1),
    crs: crsSchema,
    axisOrder: axisOrderSchema,
    querySquareMeters: z.number().positive().max(100).default(1),
    /** The CRS of the answer's coordinates when it names none (Berlin: its native EPSG:25833). */
    geometryCrs: crsSchema.optional(),
  })
  .strict()
  .refine((o) => (o.typeName === undefined) !== (o.typeNamePattern === undefined), {
    message: 'give either typeName or typeNamePattern',
  })
  .refine((o) => axisOrderFits(o.crs, o.axisOrder), { message: 'axisOrder does not fit crs' });

export const wfsGeojsonKind = defineAdapterKind('wfs-geojson', optionsSchema, (source, deps) => {
  const { options, fields } = source;
  const endpoint = createYearEndpoint(
    options.url,
    options.yearsBack,
    deps.clock,
    source.history?.since,
  );
  const typeNames = new Map<string, string>();

  async function typeNameAt(url: string): Promise<string> {
    if (options.typeName !== undefined) return options.typeName;
    const known = typeNames.get(url);
    if (known !== undefined) return known;
    const pattern = new RegExp(options.typeNamePattern ?? '', 'u');
    const found = await featureTypeMatching(deps.upstream, url, pattern);
    typeNames.set(url, found);
    return found;
  }

  const getFeature = (
    url: string,
    typeName: string,
    bbox: number[],
    page: Readonly<Record<string, string>> = {},
  ) => ({
    url: withQuery(url, {
      SERVICE: 'WFS',
      VERSION: '2.0.0',
      REQUEST: 'GetFeature',
      TYPENAMES: typeName,
      OUTPUTFORMAT: options.outputFormat,
      BBOX: `${formatBbox(bbox, options.crs)},${options.srsName}`,
      ...page,
    }),
    headers: { Accept: 'application/json' },
  });

  const recordsFrom = (point: LatLon) => async (url: string) => {
    const bbox = bboxAround(point, options.querySquareMeters, options.crs, options.axisOrder);
    const request = getFeature(url, await typeNameAt(url), bbox);
    return deps.upstream.request(request, ({ text }) => {
      const { features, crsName } = geojsonCollectionOf(text);
      return features.map(({ properties, geometry }) => {
        const record = extractRecord(fields, (path) => propertyAt(properties, path));
        const outline = readGeojsonOutline(geometry, crsName, options.geometryCrs);
        return outline === undefined ? record : { ...record, outline };
      });
    });
  };

  const zonesFrom = (box: MetricBox) => async (url: string) => {
    const bbox = bboxOfBox(box, options.crs, options.axisOrder);
    const typeName = await typeNameAt(url);
    return zonePages(deps.upstream, {
      request: ({ count, startIndex }) =>
        getFeature(url, typeName, bbox, { COUNT: count, STARTINDEX: startIndex }),
      features: (text) => {
        const { features, crsName } = geojsonCollectionOf(text);
        return features.map((feature) => ({ ...feature, crsName }));
      },
      zoneOf: ({ properties, geometry, crsName }) => ({
        record: extractRecord(fields, (path) => propertyAt(properties, path)),
        polygon: readGeojsonSurface(geometry, crsName, options.geometryCrs, box.crs),
      }),
    });
  };

  return Promise.resolve({
    recordsAt: (point, at) =>
      at === undefined
        ? endpoint.run(recordsFrom(point))
        : endpoint.runAt(recordsFrom(point), at, [], holdsValueOn(at)),
    zonesIn: (box, at) =>
      at === undefined
        ? endpoint.run(zonesFrom(box))
        : endpoint.runAt(zonesFrom(box), at, [], (zones) =>
            holdsValueOn(at)(zones.map(({ record }) => record)),
          ),
  });
});
