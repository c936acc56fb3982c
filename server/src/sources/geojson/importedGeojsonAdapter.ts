// The `imported-geojson` kind: a state's zone download (converted to GeoJSON),
// loaded once at start-up and answered locally by point-in-polygon. For
// operators who hold a download, and for the offline demo.
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { z } from 'zod';
import { axisOrderFits, axisOrderSchema, crsSchema, toSourcePosition } from '../../geo/crs.js';
import { defineAdapterKind } from '../adapter.js';
import { extractRecord } from '../fieldMap.js';
import { propertyAt, type Properties } from '../jsonProperties.js';
import type { PolygonRings } from './pointInPolygon.js';
import { buildZoneIndex, type IndexedZone } from './zoneIndex.js';

const optionsSchema = z
  .object({
    /** Path of the GeoJSON file, relative to the registry file. */
    file: z.string().min(1),
    /** RFC 7946 files are EPSG:4326 lon-lat; converted downloads often keep UTM. */
    crs: crsSchema.default('EPSG:4326'),
    axisOrder: axisOrderSchema.default('lon-lat'),
  })
  .strict()
  .refine((o) => axisOrderFits(o.crs, o.axisOrder), { message: 'axisOrder does not fit crs' });

const position = z.tuple([z.number(), z.number()]).rest(z.number());
const polygon = z.array(z.array(position).min(4)).min(1);
const featureSchema = z.object({
  type: z.literal('Feature'),
  geometry: z
    .discriminatedUnion('type', [
      z.object({ type: z.literal('Polygon'), coordinates: polygon }),
      z.object({ type: z.literal('MultiPolygon'), coordinates: z.array(polygon) }),
    ])
    .nullable()
    .catch(null),
  properties: z.record(z.string(), z.unknown()).nullable(),
});
const collectionSchema = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(featureSchema),
});

export const importedGeojsonKind = defineAdapterKind(
  'imported-geojson',
  optionsSchema,
  async (source, deps) => {
    const { options, fields } = source;
    const file = resolve(deps.registryDir, options.file);
    const collection = collectionSchema.parse(JSON.parse(await readFile(file, 'utf8')));
    const zones: IndexedZone<Properties>[] = [];
    for (const feature of collection.features) {
      if (!feature.geometry) continue;
      const polygons = (feature.geometry.type === 'Polygon'
        ? [feature.geometry.coordinates]
        : feature.geometry.coordinates) as unknown as PolygonRings[];
      zones.push({ polygons, properties: feature.properties ?? {} });
    }
    const index = buildZoneIndex(zones);
    const skipped = collection.features.length - zones.length;
    deps.logger.info({ state: source.state, zones: index.size, skipped }, 'imported zones loaded');
    return {
      recordsAt(point) {
        const [x, y] = toSourcePosition(point, options.crs, options.axisOrder);
        const records = index
          .zonesAt(x, y)
          .map((properties) => extractRecord(fields, (path) => propertyAt(properties, path)));
        return Promise.resolve(records);
      },
    };
  },
);
