// The BBOX of a small square around the point, in the source's CRS and axis
// order: "minA,minB,maxA,maxB" for WFS BBOX and WMS GetFeatureInfo.
import { metricToLatLon, toSourcePosition, type AxisOrder, type Crs } from '../../geo/crs.js';
import type { LatLon } from '../../geo/latLon.js';
import type { MetricBox } from '../../geo/metricBox.js';
import { squareAround } from './queryGeometry.js';

type Bbox = [number, number, number, number];

export function bboxAround(
  point: LatLon,
  sideMeters: number,
  crs: Crs,
  axisOrder: AxisOrder,
): Bbox {
  return bboxOf(squareAround(point, sideMeters), crs, axisOrder);
}

/** A metric box (a parcel's extent) as the BBOX of a source: its corners converted, then their extent. */
export function bboxOfBox(box: MetricBox, crs: Crs, axisOrder: AxisOrder): Bbox {
  const [[e0, n0], [e1, n1]] = [box.min, box.max];
  const corners: [number, number][] = [
    [e0, n0],
    [e1, n0],
    [e1, n1],
    [e0, n1],
  ];
  return bboxOf(
    corners.map((corner) => metricToLatLon(corner, box.crs)),
    crs,
    axisOrder,
  );
}

function bboxOf(points: readonly LatLon[], crs: Crs, axisOrder: AxisOrder): Bbox {
  const corners = points.map((p) => toSourcePosition(p, crs, axisOrder));
  const firsts = corners.map(([a]) => a);
  const seconds = corners.map(([, b]) => b);
  return [Math.min(...firsts), Math.min(...seconds), Math.max(...firsts), Math.max(...seconds)];
}

/** Degrees to 8 places, metres to 3, like gml:pos. */
export function formatBbox(bbox: readonly number[], crs: Crs): string {
  return bbox.map((n) => n.toFixed(crs === 'EPSG:4326' ? 8 : 3)).join(',');
}
