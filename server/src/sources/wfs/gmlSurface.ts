// Reads a GML surface in full precision into a metric multipolygon: the
// parcels of the cadastre and the zones a parcel is split by (issue 34).
// gml:Polygon and gml:PolygonPatch (also inside MultiSurface, MultiPolygon,
// Surface, CompositeSurface), exterior and interior rings as gml:LinearRing
// (posList or pos) or gml:Ring of gml:Curve segments (LineStringSegment, Arc,
// ArcString; arcs densified, geo/arc.ts). The frame comes from the nearest
// srsName and srsDimension, else the source's own. Unlike the map outline
// (gmlOutline.ts), a ring that cannot be read makes the whole surface
// unreadable: a parcel missing a hole would have a wrong area.
// It sits here, not in geo/, because it reads the xmlTree shape.
import { densifyArc, densifyArcString } from '../../geo/arc.js';
import { toMetric, type AxisOrder, type Crs } from '../../geo/crs.js';
import type { EastNorth, MetricCrs, MetricMultiPolygon } from '../../geo/metricPolygon.js';
import { frameOfSrsName } from '../../geo/srsName.js';
import { attributeOf, children, elementNames, textOf, type XmlNode } from '../xmlTree.js';

export interface GmlFrame {
  crs: Crs;
  axisOrder: AxisOrder;
  dimension: number;
}

/** The elements that hold rings; every surface type is made of them. */
export const POLYGON_ELEMENTS = new Set(['Polygon', 'PolygonPatch']);

/** The frame of a node: its own srsName/srsDimension over the one it sits in. */
export function frameAt(node: XmlNode, outer: GmlFrame): GmlFrame {
  const srsName = attributeOf(node, 'srsName');
  const named = srsName === undefined ? undefined : frameOfSrsName(srsName);
  const dimension = Number(attributeOf(node, 'srsDimension') ?? outer.dimension);
  return { ...outer, ...named, dimension: dimension === 3 ? 3 : 2 };
}

/**
 * The positions of a posList or of a list of gml:pos under `node`, as pairs
 * in the source's order (a third coordinate dropped); undefined when the
 * numbers are not whole positions.
 */
export function positionsAt(node: XmlNode, frame: GmlFrame): [number, number][] | undefined {
  const posList = children(node, 'posList')[0];
  const texts = posList
    ? [textOf(posList) ?? '']
    : children(node, 'pos').map((p) => textOf(p) ?? '');
  const numbers = texts.join(' ').split(/\s+/).filter(Boolean).map(Number);
  const step = posList ? frameAt(posList, frame).dimension : frame.dimension;
  if (numbers.length === 0 || numbers.length % step !== 0) return undefined;
  if (numbers.some((n) => !Number.isFinite(n))) return undefined;
  const positions: [number, number][] = [];
  for (let i = 0; i < numbers.length; i += step) {
    positions.push([numbers[i] as number, numbers[i + 1] as number]);
  }
  return positions;
}

/**
 * Every polygon under `node` in the metric system `target`; undefined when
 * there is none or any ring is unreadable.
 */
export function readGmlSurface(
  node: XmlNode,
  fallback: { crs: Crs; axisOrder: AxisOrder },
  target: MetricCrs,
): MetricMultiPolygon | undefined {
  const polygons: EastNorth[][][] = [];
  const readable = walk(node, frameAt(node, { ...fallback, dimension: 2 }), target, polygons);
  return readable && polygons.length > 0 ? { crs: target, polygons } : undefined;
}

function walk(node: XmlNode, frame: GmlFrame, target: MetricCrs, out: EastNorth[][][]): boolean {
  for (const name of elementNames(node)) {
    for (const child of children(node, name)) {
      const inner = frameAt(child, frame);
      if (POLYGON_ELEMENTS.has(name)) {
        const polygon = readPolygon(child, inner, target);
        if (!polygon) return false;
        out.push(polygon);
      } else if (!walk(child, inner, target, out)) return false;
    }
  }
  return true;
}

function readPolygon(polygon: XmlNode, frame: GmlFrame, target: MetricCrs) {
  // A polygon has exactly one exterior; its rings come first, the holes after.
  if (children(polygon, 'exterior').length !== 1) return undefined;
  const rings: EastNorth[][] = [];
  for (const side of ['exterior', 'interior']) {
    for (const boundary of children(polygon, side)) {
      for (const name of ['LinearRing', 'Ring']) {
        for (const ring of children(boundary, name)) {
          const inner = frameAt(ring, frame);
          const points =
            name === 'Ring' ? curveRing(ring, inner, target) : linearRing(ring, inner, target);
          const closedRing = points && closed(points);
          if (!closedRing) return undefined;
          rings.push(closedRing);
        }
      }
    }
  }
  return rings.length > 0 ? rings : undefined;
}

function linearRing(ring: XmlNode, frame: GmlFrame, target: MetricCrs) {
  return positionsAt(ring, frame)?.map((p) => toMetric(p, frame.crs, frame.axisOrder, target));
}

/**
 * A gml:Ring: its curve members' segments joined end to start. The parsed
 * tree groups siblings by name, so a Curve mixing LineStringSegment and Arc
 * loses their order; the segments are chained by their end points instead.
 */
function curveRing(ring: XmlNode, frame: GmlFrame, target: MetricCrs) {
  const segments: EastNorth[][] = [];
  for (const member of children(ring, 'curveMember')) {
    for (const curve of children(member, 'Curve')) {
      const curveFrame = frameAt(curve, frameAt(member, frame));
      for (const list of children(curve, 'segments')) {
        for (const name of elementNames(list)) {
          for (const segment of children(list, name)) {
            const points = segmentPoints(name, segment, frameAt(segment, curveFrame), target);
            if (!points) return undefined;
            segments.push(points);
          }
        }
      }
    }
  }
  return chain(segments);
}

function segmentPoints(name: string, segment: XmlNode, frame: GmlFrame, target: MetricCrs) {
  const points = positionsAt(segment, frame)?.map((p) =>
    toMetric(p, frame.crs, frame.axisOrder, target),
  );
  if (!points) return undefined;
  if (name === 'LineStringSegment') return points.length >= 2 ? points : undefined;
  if (name === 'Arc') {
    const [a, b, c] = points;
    return points.length === 3 && a && b && c ? densifyArc(a, b, c) : undefined;
  }
  if (name === 'ArcString') return densifyArcString(points);
  // Circle, Bezier, Clothoid …: not seen in German cadastres; never guessed.
  return undefined;
}

/** Millimetres: the same vertex written twice projects to the same point, far inside this. */
const JOIN_TOLERANCE_M = 1e-3;

const meets = (a: EastNorth, b: EastNorth) =>
  Math.abs(a[0] - b[0]) <= JOIN_TOLERANCE_M && Math.abs(a[1] - b[1]) <= JOIN_TOLERANCE_M;

/** The segments as one line, each starting where the one before ended (the next in order first). */
function chain(segments: EastNorth[][]): EastNorth[] | undefined {
  const [first, ...rest] = segments;
  if (!first) return undefined;
  const line = [...first];
  while (rest.length > 0) {
    const end = line[line.length - 1] as EastNorth;
    const index = rest.findIndex((segment) => meets(segment[0] as EastNorth, end));
    if (index < 0) return undefined;
    const [next] = rest.splice(index, 1);
    line.push(...(next as EastNorth[]).slice(1));
  }
  return line;
}

/**
 * The ring with its last point exactly its first (joined curves may miss it
 * by rounding); undefined when it is not closed or has no area.
 */
function closed(points: EastNorth[]): EastNorth[] | undefined {
  const first = points[0] as EastNorth;
  const last = points[points.length - 1] as EastNorth;
  if (points.length < 4 || !meets(first, last)) return undefined;
  return [...points.slice(0, -1), first];
}
