// Polygon clipping for the parcel view, by polyclip-ts (no hand-written
// clipping). Its default exact comparisons recurse without end on edges that
// agree to a few ULPs, as shared zone boundaries do once reprojected (a
// stack overflow, found by the property tests): with a precision ε,
// coordinates closer than ε are one, and a vertex closer than √ε to the line
// through its neighbours is dropped as collinear. ε = 10⁻⁹ m² keeps that at
// 0.03 mm (10⁻⁶ dropped the vertices of densified edges within 1 mm and lost
// area along them). The snapping keeps every coordinate it has
// seen in module-wide trees that its own reset does not clear (0.16.8:
// `reset` builds a new state and drops it), so they would grow with every
// parcel and snap one parcel's points to another's: the precision is set
// afresh before each operation, which starts empty trees. Import clipping
// from here, never polyclip-ts directly.
import * as polyclip from 'polyclip-ts';

/** Coordinates are metres near the parcel (zoneShares.ts moves them there): far below surveyed precision. */
export const CLIP_PRECISION_M = 1e-9;

type Operation = (geom: polyclip.Geom, ...more: polyclip.Geom[]) => [number, number][][][];

const fresh =
  (operation: Operation): Operation =>
  (geom, ...more) => {
    polyclip.setPrecision(CLIP_PRECISION_M);
    return operation(geom, ...more);
  };

export const intersection = fresh(polyclip.intersection);
export const difference = fresh(polyclip.difference);
export const union = fresh(polyclip.union);
