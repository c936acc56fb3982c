// A GeoJSON Polygon or MultiPolygon (Berlin's and Baden-Württemberg's
// cadastre answer GeoJSON) in full precision in a metric system. The
// coordinates' system is the collection's named CRS (GeoJSON 2008 `crs`
// member, GeoServer writes it), else GeoJSON's WGS84 where the numbers are
// degrees, else the source's own.
// For EPSG:4326 the axis order is read from the numbers: inside Germany
// latitudes (47–55.1) and longitudes (5.8–15.1) do not overlap, and servers
// disagree whether a URN CRS in GeoJSON means lat lon.
import { toMetric, type Crs } from './crs.js';
import type { EastNorth, MetricCrs, MetricMultiPolygon, MetricPolygon } from './metricPolygon.js';
import { frameOfSrsName } from './srsName.js';

export type Position = [number, number];

/** The coordinate arrays of each polygon of a Polygon or MultiPolygon; [] for anything else. */
export function polygonsOf(geometry: unknown): unknown[] {
  if (geometry === null || typeof geometry !== 'object') return [];
  const { type, coordinates } = geometry as { type?: unknown; coordinates?: unknown };
  if (!Array.isArray(coordinates)) return [];
  if (type === 'Polygon') return [coordinates];
  if (type === 'MultiPolygon') return coordinates as unknown[];
  return [];
}

/** A ring's first two numbers per position; undefined unless a closed-ring length of finite numbers. */
export function positionsOf(ring: unknown): Position[] | undefined {
  if (!Array.isArray(ring) || ring.length < 4) return undefined;
  const positions: Position[] = [];
  for (const position of ring) {
    if (!Array.isArray(position)) return undefined;
    const [a, b] = position as unknown[];
    if (typeof a !== 'number' || typeof b !== 'number') return undefined;
    if (!Number.isFinite(a) || !Number.isFinite(b)) return undefined;
    positions.push([a, b]);
  }
  return positions;
}

/** German latitudes are all above German longitudes. */
export const latFirst = ([a, b]: Position) => a > b;

/** The system a GeoJSON answer's coordinates are in; undefined for a named CRS we cannot convert. */
export function geojsonCrs(
  crsName: string | undefined,
  fallback: Crs | undefined,
): Crs | undefined {
  return crsName === undefined ? (fallback ?? 'EPSG:4326') : frameOfSrsName(crsName)?.crs;
}

/**
 * The geometry in `target`, or undefined when it is no (Multi)Polygon, a ring
 * is broken, or the named CRS is unknown: a parcel is never read in part.
 */
export function readGeojsonSurface(
  geometry: unknown,
  crsName: string | undefined,
  fallback: Crs | undefined,
  target: MetricCrs,
): MetricMultiPolygon | undefined {
  const named = geojsonCrs(crsName, fallback);
  if (named === undefined) return undefined;
  // Without a named CRS, positions of degree size are RFC 7946 WGS84 whatever the
  // source's own system (UTM northings are millions): metres read as degrees, or
  // degrees as metres, would give a parcel of no size.
  const first = positionsOf((polygonsOf(geometry)[0] as unknown[] | undefined)?.[0]);
  const degreeSized = first?.[0]?.every((n) => Math.abs(n) <= 180) === true;
  const crs = crsName === undefined && degreeSized ? 'EPSG:4326' : named;
  const toTarget = (p: Position): EastNorth =>
    crs === 'EPSG:4326'
      ? toMetric(p, crs, latFirst(p) ? 'lat-lon' : 'lon-lat', target)
      : toMetric(p, crs, 'east-north', target);
  const polygons: MetricPolygon[] = [];
  for (const polygon of polygonsOf(geometry)) {
    if (!Array.isArray(polygon) || polygon.length === 0) return undefined;
    const rings: EastNorth[][] = [];
    for (const ring of polygon) {
      const positions = positionsOf(ring);
      if (!positions) return undefined;
      rings.push(positions.map(toTarget));
    }
    polygons.push(rings);
  }
  return polygons.length > 0 ? { crs: target, polygons } : undefined;
}
