// Coordinates in the reference system and axis order a source expects. With
// the URN form of EPSG:4326 a WFS 2.0 reads "lat lon"; the German UTM systems
// EPSG:25832/25833 read "easting northing". A swapped axis silently finds no
// zone, so the order is part of every source definition, never a guess.
import proj4 from 'proj4';
import { z } from 'zod';
import type { LatLon } from './latLon.js';
import type { EastNorth, MetricCrs } from './metricPolygon.js';

const PROJECTED = {
  'EPSG:25832': '+proj=utm +zone=32 +ellps=GRS80 +towgs84=0,0,0,0,0,0,0 +units=m +no_defs',
  'EPSG:25833': '+proj=utm +zone=33 +ellps=GRS80 +towgs84=0,0,0,0,0,0,0 +units=m +no_defs',
} as const;

/**
 * One converter per system: proj4(from, to, point) parses both definitions on
 * every call, which an import of millions of points cannot afford.
 */
const CONVERTERS = {
  'EPSG:25832': proj4('WGS84', PROJECTED['EPSG:25832']),
  'EPSG:25833': proj4('WGS84', PROJECTED['EPSG:25833']),
} as const;

export const crsSchema = z.enum(['EPSG:4326', 'EPSG:25832', 'EPSG:25833']);
export const axisOrderSchema = z.enum(['lat-lon', 'lon-lat', 'east-north', 'north-east']);

export type Crs = z.infer<typeof crsSchema>;
export type AxisOrder = z.infer<typeof axisOrderSchema>;

/** Geographic systems take lat/lon orders, projected ones east/north orders. */
export function axisOrderFits(crs: Crs, axisOrder: AxisOrder): boolean {
  const geographic = crs === 'EPSG:4326';
  return geographic === (axisOrder === 'lat-lon' || axisOrder === 'lon-lat');
}

/** The two numbers of a gml:pos (or x/y of a query) in the order the source reads them. */
export function toSourcePosition(point: LatLon, crs: Crs, axisOrder: AxisOrder): [number, number] {
  if (crs === 'EPSG:4326') {
    return axisOrder === 'lat-lon' ? [point.lat, point.lon] : [point.lon, point.lat];
  }
  const [east, north] = CONVERTERS[crs].forward([point.lon, point.lat]);
  return axisOrder === 'east-north' ? [east, north] : [north, east];
}

/** The inverse of toSourcePosition (used by the loopback fakes to read a query). */
export function fromSourcePosition(
  position: [number, number],
  crs: Crs,
  axisOrder: AxisOrder,
): LatLon {
  const [first, second] = position;
  if (crs === 'EPSG:4326') {
    return axisOrder === 'lat-lon' ? { lat: first, lon: second } : { lat: second, lon: first };
  }
  const [east, north] = axisOrder === 'east-north' ? [first, second] : [second, first];
  const [lon, lat] = CONVERTERS[crs].inverse([east, north]);
  return { lat, lon };
}

/** Degrees to 8 places (~1 mm), metres to 3 places; enough and stable. */
export function formatPosition(position: [number, number], crs: Crs): string {
  const digits = crs === 'EPSG:4326' ? 8 : 3;
  return position.map((n) => n.toFixed(digits)).join(' ');
}

/** A WGS84 point in a metric system, full precision (areas and intersections need no rounding). */
export function latLonToMetric(point: LatLon, crs: MetricCrs): EastNorth {
  const [east, north] = CONVERTERS[crs].forward([point.lon, point.lat]);
  return [east, north];
}

/** A metric point back to WGS84, full precision. */
export function metricToLatLon([east, north]: EastNorth, crs: MetricCrs): LatLon {
  const [lon, lat] = CONVERTERS[crs].inverse([east, north]);
  return { lat, lon };
}

/**
 * A source position (any known system and axis order) in the metric system
 * `target`; a position already in `target` is only reordered, others pass
 * through WGS84 (ETRS89 and WGS84 coincide at the precision of a cadastre).
 */
export function toMetric(
  position: [number, number],
  crs: Crs,
  axisOrder: AxisOrder,
  target: MetricCrs,
): EastNorth {
  if (crs === target) {
    const [first, second] = position;
    return axisOrder === 'north-east' ? [second, first] : [first, second];
  }
  return latLonToMetric(fromSourcePosition(position, crs, axisOrder), target);
}
