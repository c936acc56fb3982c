// Reads a feature's zone outline from its GML geometry (gml:Polygon, also
// inside gml:MultiSurface or as gml:PolygonPatch): every ring's posList (or
// its gml:pos list) turned into WGS84 [lon, lat]. The reference system comes
// from the nearest srsName; without one, or an unknown one, the source's own
// CRS and axis order apply. Rings are thinned for the map (compactRing). An
// outline that cannot be read is left out: the values never depend on it.
import { fromSourcePosition, type AxisOrder, type Crs } from '../../geo/crs.js';
import { frameOfSrsName } from '../../geo/srsName.js';
import { compactRing, type LonLat, type ZoneOutline } from '../../geo/zoneOutline.js';
import { attributeOf, children, elementNames, textOf, type XmlNode } from '../xmlTree.js';

interface Frame {
  crs: Crs;
  axisOrder: AxisOrder;
  dimension: number;
}

const POLYGON_ELEMENTS = new Set(['Polygon', 'PolygonPatch']);

export function readGmlOutline(
  feature: XmlNode,
  fallback: { crs: Crs; axisOrder: AxisOrder },
): ZoneOutline | undefined {
  const rings: LonLat[][] = [];
  walk(feature, { ...fallback, dimension: 2 }, rings);
  return rings.length > 0 ? rings : undefined;
}

/** `{ outline }` for a record, or nothing when the feature has no readable one. */
export function outlineOf(
  feature: XmlNode,
  fallback: { crs: Crs; axisOrder: AxisOrder },
): { outline?: ZoneOutline } {
  const outline = readGmlOutline(feature, fallback);
  return outline ? { outline } : {};
}

function frameAt(node: XmlNode, outer: Frame): Frame {
  const srsName = attributeOf(node, 'srsName');
  const named = srsName === undefined ? undefined : frameOfSrsName(srsName);
  const dimension = Number(attributeOf(node, 'srsDimension') ?? outer.dimension);
  return { ...outer, ...named, dimension: dimension === 3 ? 3 : 2 };
}

function walk(node: XmlNode, outer: Frame, rings: LonLat[][]): void {
  const frame = frameAt(node, outer);
  for (const name of elementNames(node)) {
    for (const child of children(node, name)) {
      if (POLYGON_ELEMENTS.has(name)) readPolygon(child, frameAt(child, frame), rings);
      else walk(child, frame, rings);
    }
  }
}

function readPolygon(polygon: XmlNode, frame: Frame, rings: LonLat[][]): void {
  for (const side of ['exterior', 'interior']) {
    for (const boundary of children(polygon, side)) {
      for (const ring of children(boundary, 'LinearRing')) {
        const points = ringPoints(ring, frameAt(ring, frame));
        if (points) rings.push(compactRing(points));
      }
    }
  }
}

function ringPoints(ring: XmlNode, frame: Frame): LonLat[] | undefined {
  const posList = children(ring, 'posList')[0];
  const numbers = (
    posList ? [textOf(posList) ?? ''] : children(ring, 'pos').map((pos) => textOf(pos) ?? '')
  )
    .join(' ')
    .split(/\s+/)
    .filter(Boolean)
    .map(Number);
  const step = posList ? frameAt(posList, frame).dimension : frame.dimension;
  if (numbers.length < 4 * step || numbers.length % step !== 0) return undefined;
  if (numbers.some((n) => !Number.isFinite(n))) return undefined;
  const points: LonLat[] = [];
  for (let i = 0; i < numbers.length; i += step) {
    const { lat, lon } = fromSourcePosition(
      [numbers[i] as number, numbers[i + 1] as number],
      frame.crs,
      frame.axisOrder,
    );
    points.push([lon, lat]);
  }
  return points;
}
