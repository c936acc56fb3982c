// The BBOX of a small square around the point, in the source's CRS and axis
// order: "minA,minB,maxA,maxB" for WFS BBOX and WMS GetFeatureInfo.
import { toSourcePosition, type AxisOrder, type Crs } from '../../geo/crs.js';
import type { LatLon } from '../../geo/latLon.js';
import { squareAround } from './queryGeometry.js';

export function bboxAround(
  point: LatLon,
  sideMeters: number,
  crs: Crs,
  axisOrder: AxisOrder,
): [number, number, number, number] {
  const corners = squareAround(point, sideMeters).map((p) => toSourcePosition(p, crs, axisOrder));
  const firsts = corners.map(([a]) => a);
  const seconds = corners.map(([, b]) => b);
  return [Math.min(...firsts), Math.min(...seconds), Math.max(...firsts), Math.max(...seconds)];
}

/** Degrees to 8 places, metres to 3, like gml:pos. */
export function formatBbox(bbox: readonly number[], crs: Crs): string {
  return bbox.map((n) => n.toFixed(crs === 'EPSG:4326' ? 8 : 3)).join(',');
}
