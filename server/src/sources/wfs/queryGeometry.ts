// The geometry a GetFeature filter intersects: the address point, or for
// deegree (Hamburg), which finds no zone for a bare point, a small square
// around it. Written in the source's CRS and axis order. Each wfs:Query of a
// GetFeature repeats the geometry, and a gml:id is an XML ID, unique within
// the document (XML 1.0 §3.3.1, validity constraint "ID"), so the geometry is
// written once per query with the query's number in its id.
import {
  formatPosition,
  metricToLatLon,
  toSourcePosition,
  type AxisOrder,
  type Crs,
} from '../../geo/crs.js';
import type { LatLon } from '../../geo/latLon.js';
import type { MetricBox } from '../../geo/metricBox.js';

export interface QueryGeometryOptions {
  srsName: string;
  crs: Crs;
  axisOrder: AxisOrder;
  querySquareMeters?: number | undefined;
}

const METERS_PER_DEGREE_LAT = 111_320;

/** The geometry of the query numbered `index` (from 1) of one GetFeature. */
export type QueryGeometry = (index: number) => string;

export function queryGeometryXml(options: QueryGeometryOptions, point: LatLon): QueryGeometry {
  const srsName = escapeAttribute(options.srsName);
  const pos = (p: LatLon) =>
    formatPosition(toSourcePosition(p, options.crs, options.axisOrder), options.crs);
  if (options.querySquareMeters === undefined) {
    const at = pos(point);
    return (index) =>
      `<gml:Point gml:id="lookup-point-${index}" srsName="${srsName}"><gml:pos>${at}</gml:pos></gml:Point>`;
  }
  const ring = squareAround(point, options.querySquareMeters).map(pos).join(' ');
  return (index) =>
    `<gml:Polygon gml:id="lookup-area-${index}" srsName="${srsName}"><gml:exterior><gml:LinearRing>` +
    `<gml:posList>${ring}</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon>`;
}

/**
 * A metric box (a parcel's extent) as a closed polygon in the source's CRS
 * and axis order: its four corners converted one by one, so that a source
 * asked in degrees gets degrees and one asked in metres metres (Thüringen
 * answers a box of the wrong unit with no zone at all, not an error).
 */
export function boxGeometryXml(options: QueryGeometryOptions, box: MetricBox): QueryGeometry {
  const [[e0, n0], [e1, n1]] = [box.min, box.max];
  const corners: [number, number][] = [
    [e0, n0],
    [e1, n0],
    [e1, n1],
    [e0, n1],
    [e0, n0],
  ];
  const ring = corners
    .map((corner) => {
      const point = metricToLatLon(corner, box.crs);
      return formatPosition(toSourcePosition(point, options.crs, options.axisOrder), options.crs);
    })
    .join(' ');
  const srsName = escapeAttribute(options.srsName);
  return (index) =>
    `<gml:Polygon gml:id="parcel-box-${index}" srsName="${srsName}"><gml:exterior>` +
    `<gml:LinearRing><gml:posList>${ring}</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon>`;
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
