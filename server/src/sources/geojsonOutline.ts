// A GeoJSON feature's zone outline (Polygon or MultiPolygon) in WGS84
// [lon, lat], thinned for the map like the GML outlines. The coordinates'
// system is the collection's named CRS, else the source's configured one
// (Berlin answers in its native EPSG:25833 unless asked otherwise), else
// GeoJSON's own lon/lat. For EPSG:4326 the axis order is read from the
// numbers: inside Germany latitudes (47–55.1) and longitudes (5.8–15.1) do
// not overlap, and servers disagree whether a URN CRS in GeoJSON means lat lon.
// An outline that cannot be read is left out: the values never depend on it.
import { fromSourcePosition, type Crs } from '../geo/crs.js';
import {
  geojsonCrs,
  latFirst,
  polygonsOf,
  positionsOf,
  type Position,
} from '../geo/geojsonSurface.js';
import { compactRing, type LonLat, type ZoneOutline } from '../geo/zoneOutline.js';

function toLonLat(position: Position, crs: Crs): LonLat {
  if (crs === 'EPSG:4326') return latFirst(position) ? [position[1], position[0]] : position;
  const { lat, lon } = fromSourcePosition(position, crs, 'east-north');
  return [lon, lat];
}

export function readGeojsonOutline(
  geometry: unknown,
  crsName: string | undefined,
  fallback: Crs | undefined,
): ZoneOutline | undefined {
  // A named CRS this service cannot convert is no reason to guess another.
  const crs = geojsonCrs(crsName, fallback);
  if (crs === undefined) return undefined;
  const rings: LonLat[][] = [];
  for (const polygon of polygonsOf(geometry)) {
    if (!Array.isArray(polygon)) continue;
    for (const ring of polygon) {
      const positions = positionsOf(ring);
      if (positions) rings.push(compactRing(positions.map((p) => toLonLat(p, crs))));
    }
  }
  return rings.length > 0 ? rings : undefined;
}
