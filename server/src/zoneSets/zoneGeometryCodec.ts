// A zone's surface stored compactly: 32-bit integers of centimetres (a German
// UTM coordinate is below 10^9 cm), counts first: polygons, then per polygon
// its rings, per ring its points and their east/north pairs. A 200-point zone
// is 1.6 kB instead of the 6 kB of its JSON.
import type { EastNorth, MetricCrs, MetricMultiPolygon } from '../geo/metricPolygon.js';
import { polygonContains } from '../sources/geojson/pointInPolygon.js';

export function encodeSurface(surface: MetricMultiPolygon): Buffer {
  let length = 1;
  for (const rings of surface.polygons) {
    length += 1;
    for (const ring of rings) length += 1 + ring.length * 2;
  }
  const ints = new Int32Array(length);
  let at = 0;
  ints[at++] = surface.polygons.length;
  for (const rings of surface.polygons) {
    ints[at++] = rings.length;
    for (const ring of rings) {
      ints[at++] = ring.length;
      for (const [east, north] of ring) {
        ints[at++] = Math.round(east * 100);
        ints[at++] = Math.round(north * 100);
      }
    }
  }
  return Buffer.from(ints.buffer, ints.byteOffset, ints.byteLength);
}

export function decodeSurface(bytes: Uint8Array, crs: MetricCrs): MetricMultiPolygon {
  // A copy aligned for Int32Array (a Buffer from the driver may start anywhere).
  const ints = new Int32Array(Uint8Array.from(bytes).buffer);
  let at = 0;
  const polygons: EastNorth[][][] = [];
  for (let p = ints[at++] ?? 0; p > 0; p -= 1) {
    const rings: EastNorth[][] = [];
    for (let r = ints[at++] ?? 0; r > 0; r -= 1) {
      const ring: EastNorth[] = [];
      for (let n = ints[at++] ?? 0; n > 0; n -= 1) {
        ring.push([(ints[at++] ?? 0) / 100, (ints[at++] ?? 0) / 100]);
      }
      rings.push(ring);
    }
    polygons.push(rings);
  }
  return { crs, polygons };
}

/** Whether the surface holds the point (a polygon's outer ring does and none of its holes). */
export function surfaceHolds(surface: MetricMultiPolygon, [x, y]: EastNorth): boolean {
  return surface.polygons.some((rings) => polygonContains(rings, x, y));
}
