// A polygon as three typed arrays, for handing it to a geometry thread: a
// structured clone copies typed arrays as one block, where 100,000 nested
// [east, north] arrays would be serialised one by one on the event loop.
import type { MetricCrs, MetricMultiPolygon } from './metricPolygon.js';

export interface FlatPolygon {
  crs: MetricCrs;
  /** east, north, east, north, … of every ring in order. */
  coordinates: Float64Array;
  /** Vertices per ring. */
  ringSizes: Uint32Array;
  /** Rings per polygon. */
  polygonSizes: Uint32Array;
}

/** Rings as one block of coordinates: a polygon's, or a GeoJSON answer's (geoJsonTask.ts). */
export type FlatRings = Omit<FlatPolygon, 'crs'>;

/** Nested pairs ([east, north] or [lon, lat]) as one block of coordinates. */
export function flatRings(
  polygons: readonly (readonly (readonly [number, number])[][])[],
): FlatRings {
  const rings = polygons.flat();
  const coordinates = new Float64Array(rings.reduce((n, ring) => n + ring.length * 2, 0));
  let at = 0;
  for (const ring of rings) {
    for (const [a, b] of ring) {
      coordinates[at++] = a;
      coordinates[at++] = b;
    }
  }
  return {
    coordinates,
    ringSizes: Uint32Array.from(rings, (ring) => ring.length),
    polygonSizes: Uint32Array.from(polygons, (rings) => rings.length),
  };
}

export function toFlat(polygon: MetricMultiPolygon): FlatPolygon {
  return { crs: polygon.crs, ...flatRings(polygon.polygons) };
}

/** The rings of flat coordinates as nested pairs ([east, north] or [lon, lat]). */
export function nestedRings(flat: FlatRings): [number, number][][][] {
  let at = 0;
  let ring = 0;
  return Array.from(flat.polygonSizes, (count) =>
    Array.from({ length: count }, () =>
      Array.from({ length: flat.ringSizes[ring++] ?? 0 }, (): [number, number] => {
        const point: [number, number] = [flat.coordinates[at] ?? 0, flat.coordinates[at + 1] ?? 0];
        at += 2;
        return point;
      }),
    ),
  );
}

export function fromFlat(flat: FlatPolygon): MetricMultiPolygon {
  return { crs: flat.crs, polygons: nestedRings(flat) };
}
