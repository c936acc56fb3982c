// A zone's published surface (GeoJSON Polygon or MultiPolygon coordinates, in
// the set's metric system) as a MetricMultiPolygon, or why it cannot be one:
// no surface, a ring of fewer than four points or not closed, coordinates that
// are no numbers, no area. The import leaves such a zone out and says why.
import { signedRingArea } from '../../geo/metricArea.js';
import type { EastNorth, MetricCrs, MetricMultiPolygon } from '../../geo/metricPolygon.js';

type Geometry = { type?: string; coordinates?: unknown } | null | undefined;

/** East and north of the two German UTM systems, with room around Germany. */
const PLAUSIBLE = { east: [150_000, 950_000], north: [5_150_000, 6_150_000] } as const;

export function metricSurface(
  geometry: Geometry,
  crs: MetricCrs,
): MetricMultiPolygon | { unreadable: string } {
  const type = geometry?.type;
  const coordinates = geometry?.coordinates;
  if (type !== 'Polygon' && type !== 'MultiPolygon') {
    return { unreadable: type ? `Geometrie ist kein Polygon (${type})` : 'keine Geometrie' };
  }
  const polygons = (type === 'Polygon' ? [coordinates] : coordinates) as unknown[][][][];
  if (!Array.isArray(polygons) || polygons.length === 0) return { unreadable: 'leere Geometrie' };
  const result: EastNorth[][][] = [];
  for (const polygon of polygons) {
    if (!Array.isArray(polygon) || polygon.length === 0) return { unreadable: 'leeres Polygon' };
    const rings: EastNorth[][] = [];
    for (const ring of polygon) {
      const read = readRing(ring);
      if (typeof read === 'string') return { unreadable: read };
      rings.push(read);
    }
    result.push(rings);
  }
  const area = result.reduce((sum, rings) => sum + Math.abs(signedRingArea(rings[0] ?? [])), 0);
  if (!(area > 0)) return { unreadable: 'Polygon ohne Fläche' };
  return { crs, polygons: result };
}

function readRing(ring: unknown): EastNorth[] | string {
  if (!Array.isArray(ring) || ring.length < 4) return 'Ring mit weniger als vier Punkten';
  const points: EastNorth[] = [];
  for (const position of ring as unknown[]) {
    const [east, north] = Array.isArray(position) ? (position as unknown[]) : [];
    if (
      typeof east !== 'number' ||
      typeof north !== 'number' ||
      !isFinite(east) ||
      !isFinite(north)
    ) {
      return 'Koordinate ist keine Zahl';
    }
    points.push([east, north]);
  }
  const [first, last] = [points[0], points.at(-1)];
  if (first?.[0] !== last?.[0] || first?.[1] !== last?.[1]) return 'Ring nicht geschlossen';
  return points;
}

/** Whether a metric point lies where a German UTM coordinate can (catches a wrong system). */
export function plausibleUtm([east, north]: EastNorth): boolean {
  return (
    east >= PLAUSIBLE.east[0] &&
    east <= PLAUSIBLE.east[1] &&
    north >= PLAUSIBLE.north[0] &&
    north <= PLAUSIBLE.north[1]
  );
}
