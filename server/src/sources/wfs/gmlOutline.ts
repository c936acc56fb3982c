// Reads a feature's zone outline from its GML geometry (gml:Polygon, also
// inside gml:MultiSurface or as gml:PolygonPatch): every ring's posList (or
// its gml:pos list) turned into WGS84 [lon, lat]. The reference system comes
// from the nearest srsName; without one, or an unknown one, the source's own
// CRS and axis order apply. Rings are thinned for the map (compactRing). An
// outline that cannot be read is left out: the values never depend on it.
import { fromSourcePosition, type AxisOrder, type Crs } from '../../geo/crs.js';
import { compactRing, type LonLat, type ZoneOutline } from '../../geo/zoneOutline.js';
import { children, elementNames, type XmlNode } from '../xmlTree.js';
import { POLYGON_ELEMENTS, frameAt, positionsAt, type GmlFrame } from './gmlSurface.js';

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

function walk(node: XmlNode, outer: GmlFrame, rings: LonLat[][]): void {
  const frame = frameAt(node, outer);
  for (const name of elementNames(node)) {
    for (const child of children(node, name)) {
      if (POLYGON_ELEMENTS.has(name)) readPolygon(child, frameAt(child, frame), rings);
      else walk(child, frame, rings);
    }
  }
}

function readPolygon(polygon: XmlNode, frame: GmlFrame, rings: LonLat[][]): void {
  for (const side of ['exterior', 'interior']) {
    for (const boundary of children(polygon, side)) {
      for (const ring of children(boundary, 'LinearRing')) {
        const points = ringPoints(ring, frameAt(ring, frame));
        if (points) rings.push(compactRing(points));
      }
    }
  }
}

function ringPoints(ring: XmlNode, frame: GmlFrame): LonLat[] | undefined {
  const positions = positionsAt(ring, frame);
  if (!positions || positions.length < 4) return undefined;
  return positions.map((position) => {
    const { lat, lon } = fromSourcePosition(position, frame.crs, frame.axisOrder);
    return [lon, lat];
  });
}
