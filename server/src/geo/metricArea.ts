// Planar areas in a metric system (ETRS89 / UTM): what the polygon of a
// parcel covers, to check it against the official area and to scale zone
// shares. UTM's scale error (≤ 0.04 % in Germany) is far inside those uses.
import type { EastNorth, MetricMultiPolygon } from './metricPolygon.js';

/** Shoelace: positive counter-clockwise, negative clockwise (east right, north up). */
export function signedRingArea(ring: readonly EastNorth[]): number {
  if (ring.length < 3) return 0;
  // Relative to the first point: UTM coordinates of 10^6 m would cost digits.
  const [x0, y0] = ring[0] as EastNorth;
  let twice = 0;
  for (let i = 1; i + 1 < ring.length; i++) {
    const [x1, y1] = ring[i] as EastNorth;
    const [x2, y2] = ring[i + 1] as EastNorth;
    twice += (x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0);
  }
  return twice / 2;
}

/** m²: each polygon's outer ring less its holes, whatever the rings' orientation. */
export function metricArea(geometry: MetricMultiPolygon): number {
  let area = 0;
  for (const [outer, ...holes] of geometry.polygons) {
    if (!outer) continue;
    area += Math.abs(signedRingArea(outer));
    for (const hole of holes) area -= Math.abs(signedRingArea(hole));
  }
  return area;
}
