// Generated zone outlines for the zone-set benchmarks: a grid of square cells
// in a metric CRS, each zone a cell with every side drawn as `sidePoints`
// points set inwards by a deterministic 'noise' (so every run builds the same
// set; NRW's outlines have about 80 points). An inset of 0 tiles the grid
// without gaps, as a city's zones do.
import { latLonToMetric, metricToLatLon } from '#server/geo/crs.js';
import type { LatLon } from '#server/geo/latLon.js';

export interface ZoneGrid {
  /** South-west corner of the grid, metres in EPSG:25832. */
  west: number;
  south: number;
  /** Cells per row. */
  columns: number;
  /** Side of a cell, metres. */
  cell: number;
  /** Points per side of a zone's outline. */
  sidePoints: number;
  /** How far each outline point lies inside its cell, metres (a range). */
  inset: { min: number; max: number };
}

/** Deterministic noise in [0, 1). */
export function noise(seed: number): number {
  const x = Math.sin(seed * 12.9898) * 43758.5453;
  return x - Math.floor(x);
}

/** Zone i's outer ring in EPSG:25832, walked clockwise (as a shapefile's), closed. */
export function zoneRing(grid: ZoneGrid, i: number): [number, number][] {
  const { cell } = grid;
  const x0 = grid.west + (i % grid.columns) * cell;
  const y0 = grid.south + Math.floor(i / grid.columns) * cell;
  const inset = (k: number) =>
    grid.inset.min + noise(i * 97 + k) * (grid.inset.max - grid.inset.min);
  const ring: [number, number][] = [];
  const corners: [number, number, number, number][] = [
    [x0, y0, 0, 1],
    [x0, y0 + cell, 1, 0],
    [x0 + cell, y0 + cell, 0, -1],
    [x0 + cell, y0, -1, 0],
  ];
  corners.forEach(([sx, sy, dx, dy], c) => {
    // Inward normal of a side walked clockwise: (dy, -dx).
    for (let k = 0; k < grid.sidePoints; k += 1) {
      const t = (k / grid.sidePoints) * cell;
      const d = inset(c * grid.sidePoints + k);
      ring.push([sx + dx * t + dy * d, sy + dy * t - dx * d]);
    }
  });
  ring.push(ring[0] as [number, number]);
  return ring;
}

/** A point of the square grid's whole extent, spread by `k`, in WGS84. */
export function gridPoint(grid: ZoneGrid, k: number): LatLon {
  const extent = grid.columns * grid.cell;
  return metricToLatLon(
    [grid.west + noise(k + 0.5) * extent, grid.south + noise(k + 0.25) * extent],
    'EPSG:25832',
  );
}

/** The gapless grid of `columns` × `columns` cells centred on a point. */
export function gridAround(point: LatLon, columns: number, cell: number): ZoneGrid {
  const [east, north] = latLonToMetric(point, 'EPSG:25832');
  const half = (columns * cell) / 2;
  return {
    west: east - half,
    south: north - half,
    columns,
    cell,
    sidePoints: 20,
    inset: { min: 0, max: 0 },
  };
}
