// Areas, reprojection and the WGS84 form of metric polygons. Areas are the
// plane area in the UTM system (the cadastre's own frame): the official area
// is only compared with ratios of these, so the UTM scale error cancels.
import { fromSourcePosition, toSourcePosition, type AxisOrder, type Crs } from './crs.js';
import type { EastNorth, MetricCrs, MetricMultiPolygon, MetricPolygon } from './metricPolygon.js';
import type { GeoJsonMultiPolygon } from '#shared/parcelTypes.js';

/** Signed shoelace area of a ring: positive when counter-clockwise. */
function signedRingArea(ring: readonly EastNorth[]): number {
  let twice = 0;
  for (let i = 1; i < ring.length; i += 1) {
    const [x1, y1] = ring[i - 1] as EastNorth;
    const [x2, y2] = ring[i] as EastNorth;
    twice += x1 * y2 - x2 * y1;
  }
  return twice / 2;
}

/** m²: outer rings minus holes, whatever the orientation of each ring. */
export function areaOf(polygons: readonly MetricPolygon[]): number {
  let area = 0;
  for (const [outer, ...holes] of polygons) {
    if (!outer) continue;
    area += Math.abs(signedRingArea(outer));
    for (const hole of holes) area -= Math.abs(signedRingArea(hole));
  }
  return area;
}

/** Positions read in any known frame (a GeoJSON or GML answer), as rings in the metric system `target`. */
export function metricFromPositions(
  polygons: readonly (readonly (readonly [number, number])[])[][],
  frame: { crs: Crs; axisOrder: AxisOrder },
  target: MetricCrs,
): MetricMultiPolygon {
  const sameFrame = frame.crs === target && frame.axisOrder === 'east-north';
  const convert = (position: readonly [number, number]): EastNorth =>
    sameFrame
      ? [position[0], position[1]]
      : toSourcePosition(
          fromSourcePosition([position[0], position[1]], frame.crs, frame.axisOrder),
          target,
          'east-north',
        );
  return { crs: target, polygons: polygons.map((rings) => rings.map((ring) => ring.map(convert))) };
}

/** The polygon in `target` (the other UTM zone: through WGS84, proj4's own route). */
export function inCrs(polygon: MetricMultiPolygon, target: MetricCrs): MetricMultiPolygon {
  if (polygon.crs === target) return polygon;
  return metricFromPositions(
    polygon.polygons,
    { crs: polygon.crs, axisOrder: 'east-north' },
    target,
  );
}

/** Degrees to 7 places (about 1 cm), as RFC 7946 advises for precision. */
const DEGREE_DIGITS = 1e7;

/** RFC 7946: WGS84 [lon, lat], outer rings counter-clockwise and holes clockwise. */
export function toGeoJson(polygon: MetricMultiPolygon): GeoJsonMultiPolygon {
  const lonLat = ([east, north]: EastNorth): [number, number] => {
    const { lat, lon } = fromSourcePosition([east, north], polygon.crs, 'east-north');
    return [
      Math.round(lon * DEGREE_DIGITS) / DEGREE_DIGITS,
      Math.round(lat * DEGREE_DIGITS) / DEGREE_DIGITS,
    ];
  };
  const oriented = (ring: EastNorth[], outer: boolean) =>
    signedRingArea(ring) > 0 === outer ? ring : [...ring].reverse();
  return {
    type: 'MultiPolygon',
    coordinates: polygon.polygons.map((rings) =>
      rings.map((ring, i) => oriented(ring, i === 0).map(lonLat)),
    ),
  };
}

/** The smallest axis-parallel box around the polygon, in its system. */
export interface MetricBox {
  crs: MetricCrs;
  min: EastNorth;
  max: EastNorth;
}

export function boxOf(polygon: MetricMultiPolygon): MetricBox {
  const points = polygon.polygons.flat(2);
  const easts = points.map(([east]) => east);
  const norths = points.map(([, north]) => north);
  return {
    crs: polygon.crs,
    min: [Math.min(...easts), Math.min(...norths)],
    max: [Math.max(...easts), Math.max(...norths)],
  };
}
