// A metric polygon moved to the other German UTM system, and its extent: the
// box a land-value service is asked for the zones of a parcel (issue 34).
import { toMetric } from './crs.js';
import type { EastNorth, MetricCrs, MetricMultiPolygon } from './metricPolygon.js';

/** The polygon in `target` (the other UTM zone: through WGS84, proj4's own route). */
export function inCrs(polygon: MetricMultiPolygon, target: MetricCrs): MetricMultiPolygon {
  if (polygon.crs === target) return polygon;
  return {
    crs: target,
    polygons: polygon.polygons.map((rings) =>
      rings.map((ring) => ring.map((point) => toMetric(point, polygon.crs, 'east-north', target))),
    ),
  };
}

/** An axis-parallel box in a metric system. */
export interface MetricBox {
  crs: MetricCrs;
  min: EastNorth;
  max: EastNorth;
}

/** The smallest box around the polygon, in its system. */
export function boxOf(polygon: MetricMultiPolygon): MetricBox {
  const points = polygon.polygons.flat(2);
  const easts = points.map(([east]) => east);
  const norths = points.map(([, north]) => north);
  return {
    crs: polygon.crs,
    min: [Math.min(...easts), Math.min(...norths)],
    max: [Math.max(...easts), Math.max(...norths)],
  };
}
