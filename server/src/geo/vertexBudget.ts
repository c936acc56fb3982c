// How many vertices one parcel's shares may be computed over. The clipping
// costs about a tenth of a millisecond per vertex (polyclip-ts computes in
// BigNumber: a 100,000-vertex road parcel took 12.8 s), so a geometry beyond
// the budget is simplified (Douglas–Peucker, @turf/simplify) at the smallest
// tolerance from TOLERANCES_M that brings it under; one that no tolerance
// brings under (thousands of parts) is not computed at all. The tolerance is
// far below the precision of the shares: a zone border moved by at most that
// distance changes a share by its length times the tolerance.
import simplify from '@turf/simplify';
import type { MetricMultiPolygon, MetricPolygon } from './metricPolygon.js';

/** Vertices of one geometry (the parcel, or one zone) the clipping takes as they are. */
export const VERTEX_BUDGET = 5_000;

/** Metres tried in turn (each try costs a second on a 100,000-vertex ring); the largest is the stated worst case (docs/reliability.md). */
export const TOLERANCES_M = [0.05, 0.25, 0.5] as const;

/** A ring keeps at least four vertices (closed triangle): more rings than this never fit. */
const MIN_RING = 4;

export interface Budgeted {
  polygon: MetricMultiPolygon;
  vertices: number;
  /** Metres the outline may have moved; absent when it is the original. */
  toleranceM?: number;
}

export function vertexCount(polygon: MetricMultiPolygon): number {
  let count = 0;
  for (const rings of polygon.polygons) for (const ring of rings) count += ring.length;
  return count;
}

function simplified(polygons: MetricPolygon[], tolerance: number): MetricPolygon[] {
  const shape = { type: 'MultiPolygon' as const, coordinates: polygons };
  return simplify(shape, { tolerance, highQuality: false, mutate: false }).coordinates;
}

/** The polygon itself when under the budget, else simplified under it; undefined when no tolerance does. */
export function withinBudget(polygon: MetricMultiPolygon): Budgeted | undefined {
  const vertices = vertexCount(polygon);
  if (vertices <= VERTEX_BUDGET) return { polygon, vertices };
  const rings = polygon.polygons.reduce((n, rings) => n + rings.length, 0);
  if (rings * MIN_RING > VERTEX_BUDGET) return undefined;
  for (const toleranceM of TOLERANCES_M) {
    const candidate = { crs: polygon.crs, polygons: simplified(polygon.polygons, toleranceM) };
    const count = vertexCount(candidate);
    if (count <= VERTEX_BUDGET) return { polygon: candidate, vertices: count, toleranceM };
  }
  return undefined;
}

/** Why a parcel or zone beyond the budget at every tolerance is refused (503). */
export const OVER_BUDGET_TEXT =
  'Das Flurstück oder eine Bodenrichtwertzone hat zu viele Stützpunkte, um die Anteile zu berechnen ' +
  `(mehr als ${VERTEX_BUDGET.toLocaleString('de-DE')} auch nach Vereinfachung).`;

/** The sentence the answer's method text gains when an outline was simplified. */
export function simplifiedText(toleranceM: number): string {
  const metres = toleranceM.toLocaleString('de-DE', { maximumFractionDigits: 2 });
  return (
    ` Flurstück oder Zonen haben mehr als ${VERTEX_BUDGET.toLocaleString('de-DE')} Stützpunkte ` +
    `und wurden für die Berechnung vereinfacht: Die Grenzen weichen um höchstens ${metres} m ab.`
  );
}
