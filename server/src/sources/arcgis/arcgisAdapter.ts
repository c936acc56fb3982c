// The `arcgis-query` kind: ArcGIS REST MapServer layer query with the address
// as an esriGeometryPoint in WGS84 (x = longitude), asked of every layer the
// discovery names (Sachsen-Anhalt).
import { z } from 'zod';
import { systemClock } from '../../time/clock.js';
import { defineAdapterKind } from '../adapter.js';
import { extractRecord } from '../fieldMap.js';
import { propertyAt } from '../jsonProperties.js';
import { withQuery } from '../ogc/capabilities.js';
import { readQueryFeatures } from './arcgisAnswer.js';
import { createLayerDiscovery } from './layerDiscovery.js';

const optionsSchema = z
  .object({
    /** The MapServer, e.g. …/arcgis/rest/services/Geobasisdaten/boris/MapServer */
    url: z.url(),
    /** Regular expression on layer names; its first group orders them (a date). */
    layerNamePattern: z
      .string()
      .min(1)
      .refine((p) => /\((?!\?)/.test(p), 'layerNamePattern needs a capture group'),
    /** Only layers directly under this group layer. */
    groupName: z.string().min(1).optional(),
  })
  .strict();

export const arcgisQueryKind = defineAdapterKind('arcgis-query', optionsSchema, (source, deps) => {
  const { options, fields } = source;
  const layers = createLayerDiscovery(options, deps.upstream, deps.clock ?? systemClock);
  const base = options.url.replace(/\/+$/, '');
  return Promise.resolve({
    async recordsAt(point) {
      const answers = await Promise.all(
        (await layers()).map((id) =>
          deps.upstream.request(
            {
              url: withQuery(`${base}/${id}/query`, {
                geometry: `${point.lon},${point.lat}`,
                geometryType: 'esriGeometryPoint',
                inSR: '4326',
                spatialRel: 'esriSpatialRelIntersects',
                outFields: '*',
                returnGeometry: 'false',
                f: 'json',
              }),
            },
            ({ text }) => readQueryFeatures(text),
          ),
        ),
      );
      return answers
        .flat()
        .map((properties) => extractRecord(fields, (path) => propertyAt(properties, path)));
    },
  });
});
