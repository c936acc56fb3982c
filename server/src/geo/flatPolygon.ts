// A polygon as three typed arrays, for handing it to a geometry thread: a
// structured clone copies typed arrays as one block, where 100,000 nested
// [east, north] arrays would be serialised one by one on the event loop.
import type { EastNorth, MetricCrs, MetricMultiPolygon, MetricPolygon } from './metricPolygon.js';

export interface FlatPolygon {
  crs: MetricCrs;
  /** east, north, east, north, … of every ring in order. */
  coordinates: Float64Array;
  /** Vertices per ring. */
  ringSizes: Uint32Array;
  /** Rings per polygon. */
  polygonSizes: Uint32Array;
}

export function toFlat(polygon: MetricMultiPolygon): FlatPolygon {
  const rings = polygon.polygons.flat();
  const coordinates = new Float64Array(rings.reduce((n, ring) => n + ring.length * 2, 0));
  let at = 0;
  for (const ring of rings) {
    for (const [e, n] of ring) {
      coordinates[at++] = e;
      coordinates[at++] = n;
    }
  }
  return {
    crs: polygon.crs,
    coordinates,
    ringSizes: Uint32Array.from(rings, (ring) => ring.length),
    polygonSizes: Uint32Array.from(polygon.polygons, (rings) => rings.length),
  };
}

export function fromFlat(flat: FlatPolygon): MetricMultiPolygon {
  let at = 0;
  let ring = 0;
  const polygons = Array.from(flat.polygonSizes, (count): MetricPolygon =>
    Array.from({ length: count }, () =>
      Array.from({ length: flat.ringSizes[ring++] ?? 0 }, (): EastNorth => {
        const point: EastNorth = [flat.coordinates[at] ?? 0, flat.coordinates[at + 1] ?? 0];
        at += 2;
        return point;
      }),
    ),
  );
  return { crs: flat.crs, polygons };
}
