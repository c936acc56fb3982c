// Geometry as large as the real large parcels and zones, and beyond (issue
// 50): a river or road parcel is a long band whose banks are surveyed every
// few decimetres (a 100,000-vertex ring, 2.5 MB of GML), a zone may follow a
// coastline, and a hostile answer may split a parcel into 20,000 parts. In a
// metric system, counter-clockwise outer rings, closed.
import type { EastNorth, MetricPolygon } from '#server/geo/metricPolygon.js';

/**
 * A band `widthM` wide along a meander (amplitude 30 m, wavelength 300 m),
 * starting at `origin` and running east, with `vertices` vertices in all.
 */
export function riverRing(origin: EastNorth, vertices: number, widthM = 20): EastNorth[] {
  const perBank = Math.floor((vertices - 1) / 2);
  const step = 0.5;
  const bank = (offset: number) =>
    Array.from({ length: perBank }, (_, i): EastNorth => {
      const x = i * step;
      return [origin[0] + x, origin[1] + offset + 30 * Math.sin((2 * Math.PI * x) / 300)];
    });
  const south = bank(0);
  const north = bank(widthM).reverse();
  return [...south, ...north, south[0] ?? origin];
}

/** A circle of `vertices` vertices (a zone drawn along a curved border). */
export function circleRing(centre: EastNorth, radiusM: number, vertices: number): EastNorth[] {
  const ring = Array.from({ length: vertices - 1 }, (_, i): EastNorth => {
    const angle = (2 * Math.PI * i) / (vertices - 1);
    return [centre[0] + radiusM * Math.cos(angle), centre[1] + radiusM * Math.sin(angle)];
  });
  return [...ring, ring[0] ?? centre];
}

/** `parts` squares of 2 × 2 m, 1 m apart, in rows of 100: one parcel of many surfaces. */
export function manySquares(origin: EastNorth, parts: number): MetricPolygon[] {
  return Array.from({ length: parts }, (_, i): MetricPolygon => {
    const e = origin[0] + (i % 100) * 3;
    const n = origin[1] + Math.floor(i / 100) * 3;
    return [
      [
        [e, n],
        [e + 2, n],
        [e + 2, n + 2],
        [e, n + 2],
        [e, n],
      ],
    ];
  });
}
