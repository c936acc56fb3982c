// The geometry a GetFeature filter intersects: the address point, or for
// deegree (Hamburg), which finds no zone for a bare point, a small square
// around it. Written in the source's CRS and axis order.
import { formatPosition, toSourcePosition, type AxisOrder, type Crs } from '../../geo/crs.js';
import type { LatLon } from '../../geo/latLon.js';

export interface QueryGeometryOptions {
  srsName: string;
  crs: Crs;
  axisOrder: AxisOrder;
  querySquareMeters?: number | undefined;
}

const METERS_PER_DEGREE_LAT = 111_320;

export function queryGeometryXml(options: QueryGeometryOptions, point: LatLon): string {
  const srsName = escapeAttribute(options.srsName);
  const pos = (p: LatLon) =>
    formatPosition(toSourcePosition(p, options.crs, options.axisOrder), options.crs);
  if (options.querySquareMeters === undefined) {
    return `<gml:Point gml:id="lookup-point" srsName="${srsName}"><gml:pos>${pos(point)}</gml:pos></gml:Point>`;
  }
  const ring = squareAround(point, options.querySquareMeters).map(pos).join(' ');
  return (
    `<gml:Polygon gml:id="lookup-area" srsName="${srsName}"><gml:exterior><gml:LinearRing>` +
    `<gml:posList>${ring}</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon>`
  );
}

/** A closed, counter-clockwise square of `sideMeters` centred on the point. */
export function squareAround(point: LatLon, sideMeters: number): LatLon[] {
  const halfLat = sideMeters / 2 / METERS_PER_DEGREE_LAT;
  const halfLon = halfLat / Math.cos((point.lat * Math.PI) / 180);
  return [
    [-1, -1],
    [1, -1],
    [1, 1],
    [-1, 1],
    [-1, -1],
  ].map(([x = 0, y = 0]) => ({ lat: point.lat + y * halfLat, lon: point.lon + x * halfLon }));
}

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}
