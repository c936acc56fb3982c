// Spatial tests of the fakes, in WGS84 lon/lat: does a zone hold a point, and
// does it meet a small query area (a square or BBOX)? The query areas are
// metres wide and the zones much larger, so corner and centre tests suffice.
import { polygonContains } from '#server/sources/geojson/pointInPolygon.js';

export type LonLatRing = readonly (readonly [number, number])[];

export interface ZoneShape {
  /** Outer ring first, then holes; [lon, lat]. */
  rings: readonly LonLatRing[];
}

export function zoneHolds(zone: ZoneShape, lon: number, lat: number): boolean {
  return polygonContains(zone.rings, lon, lat);
}

/** The area meets the zone: its centre or a corner lies in the zone, or a zone corner in it. */
export function zoneMeets(zone: ZoneShape, area: LonLatRing): boolean {
  const lons = area.map(([lon]) => lon);
  const lats = area.map(([, lat]) => lat);
  const centre: [number, number] = [
    (Math.min(...lons) + Math.max(...lons)) / 2,
    (Math.min(...lats) + Math.max(...lats)) / 2,
  ];
  if ([centre, ...area].some(([lon, lat]) => zoneHolds(zone, lon, lat))) return true;
  return (zone.rings[0] ?? []).some(([lon, lat]) => polygonContains([area], lon, lat));
}

export function rectangle(minLon: number, minLat: number, maxLon: number, maxLat: number) {
  return [
    [minLon, minLat],
    [maxLon, minLat],
    [maxLon, maxLat],
    [minLon, maxLat],
    [minLon, minLat],
  ] as const satisfies LonLatRing;
}
