// Circular arcs of GML curves (gml:Arc, gml:ArcString: three points, start,
// a point on the arc, end) as straight segments, in metres. Thüringen's
// cadastre draws parcel boundaries with arcs inside rings (issue 34); an arc
// left out or drawn as its chord changes the parcel's area and its zone shares.
import type { EastNorth } from './metricPolygon.js';

/**
 * The largest gap between the true arc and its segments, in metres: far below
 * the precision of a parcel boundary, while a 10 m radius still takes only
 * about 23 segments per half circle.
 */
export const ARC_TOLERANCE_M = 0.01;

/** Segments one arc may take at most, whatever its radius. */
const MAX_ARC_SEGMENTS = 1024;

/**
 * The points of the arc from `start` through `middle` to `end`, both ends
 * included. Three collinear points are a straight line: just the two ends.
 */
export function densifyArc(start: EastNorth, middle: EastNorth, end: EastNorth): EastNorth[] {
  const centre = circleCentre(start, middle, end);
  if (!centre) return [start, end];
  const [cx, cy] = centre;
  const radius = Math.hypot(start[0] - cx, start[1] - cy);
  const angleOf = ([x, y]: EastNorth) => Math.atan2(y - cy, x - cx);
  const a0 = angleOf(start);
  const sweepTo = (p: EastNorth) => normalised(angleOf(p) - a0);
  // Counter-clockwise sweeps to the end and to the middle point; if the middle
  // is not passed on the way, the arc runs clockwise.
  const ccwEnd = sweepTo(end);
  const ccwMiddle = sweepTo(middle);
  const sweep = ccwMiddle <= ccwEnd ? ccwEnd : ccwEnd - 2 * Math.PI;
  const step = 2 * Math.acos(Math.max(-1, 1 - ARC_TOLERANCE_M / radius));
  const count = Math.min(MAX_ARC_SEGMENTS, Math.max(2, Math.ceil(Math.abs(sweep) / step)));
  const points: EastNorth[] = [start];
  for (let i = 1; i < count; i++) {
    const angle = a0 + (sweep * i) / count;
    points.push([cx + radius * Math.cos(angle), cy + radius * Math.sin(angle)]);
  }
  points.push(end);
  return points;
}

/** An arc string: arcs over points 1-2-3, 3-4-5, … (an odd number of points, at least three). */
export function densifyArcString(points: readonly EastNorth[]): EastNorth[] | undefined {
  if (points.length < 3 || points.length % 2 === 0) return undefined;
  const out: EastNorth[] = [points[0] as EastNorth];
  for (let i = 0; i + 2 < points.length; i += 2) {
    const arc = densifyArc(
      points[i] as EastNorth,
      points[i + 1] as EastNorth,
      points[i + 2] as EastNorth,
    );
    out.push(...arc.slice(1));
  }
  return out;
}

/** An angle in [0, 2π). */
function normalised(angle: number): number {
  const twoPi = 2 * Math.PI;
  return ((angle % twoPi) + twoPi) % twoPi;
}

/** The centre of the circle through three points; undefined when they are (nearly) collinear. */
function circleCentre([ax, ay]: EastNorth, [bx, by]: EastNorth, [cx, cy]: EastNorth) {
  // Relative to the first point, so UTM coordinates of 10^6 m lose no digits.
  const [ux, uy, vx, vy] = [bx - ax, by - ay, cx - ax, cy - ay];
  const d = 2 * (ux * vy - uy * vx);
  const scale = Math.max(ux * ux + uy * uy, vx * vx + vy * vy);
  if (scale === 0 || Math.abs(d) < 1e-9 * scale) return undefined;
  const u2 = ux * ux + uy * uy;
  const v2 = vx * vx + vy * vy;
  return [ax + (vy * u2 - uy * v2) / d, ay + (ux * v2 - vx * u2) / d] as EastNorth;
}
