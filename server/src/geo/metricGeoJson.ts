// A metric multipolygon as the API shows it: GeoJSON in WGS84 [lon, lat]
// (RFC 7946), outer rings counter-clockwise and holes clockwise as the RFC
// asks, so maps and GIS tools that rely on the winding fill it right.
import type { GeoJsonMultiPolygon } from '#shared/parcelTypes.js';
import { metricToLatLon } from './crs.js';
import { signedRingArea } from './metricArea.js';
import type { MetricMultiPolygon } from './metricPolygon.js';

/** Degrees to 8 places (about 1 mm), as gml:pos positions are written. */
const round = (degrees: number) => Math.round(degrees * 1e8) / 1e8;

export function toGeoJsonMultiPolygon(geometry: MetricMultiPolygon): GeoJsonMultiPolygon {
  return {
    type: 'MultiPolygon',
    coordinates: geometry.polygons.map((rings) =>
      rings.map((ring, index) => {
        const lonLat = ring.map((point) => {
          const { lat, lon } = metricToLatLon(point, geometry.crs);
          return [lon, lat] as [number, number];
        });
        // The sign of a ring's area in lon/lat: positive is counter-clockwise.
        const counterClockwise = signedRingArea(lonLat) > 0;
        const wanted = index === 0;
        const oriented = counterClockwise === wanted ? lonLat : [...lonLat].reverse();
        return oriented.map(([lon, lat]) => [round(lon), round(lat)] as [number, number]);
      }),
    ),
  };
}
