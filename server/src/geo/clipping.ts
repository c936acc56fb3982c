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
import { AppError, ErrorCode } from '#shared/errors.js';

/** Coordinates are metres near the parcel (zoneShares.ts moves them there): far below surveyed precision. */
export const CLIP_PRECISION_M = 1e-9;

/**
 * The precisions tried, in order. At one precision polyclip-ts can fail to
 * close a ring where edges nearly coincide ("Unable to complete output ring",
 * luizbarboza/polyclip-ts#5, open; a zone of zero width reprojected, found by
 * the property tests); a neighbouring precision then snaps them differently
 * and succeeds. All stay far below surveyed precision (0.3 mm at most).
 */
export const CLIP_PRECISIONS_M = [CLIP_PRECISION_M, 1e-10, 1e-8, 1e-11, 1e-7] as const;

type Operation = (geom: polyclip.Geom, ...more: polyclip.Geom[]) => [number, number][][][];

/**
 * `operation` at the first precision it succeeds at; processing_error when it
 * fails at all of them (the parcel's zones cannot be shared out, never guessed).
 */
export const withPrecisions =
  (operation: Operation, setPrecision: (eps: number) => void): Operation =>
  (geom, ...more) => {
    let failure: unknown;
    for (const eps of CLIP_PRECISIONS_M) {
      setPrecision(eps);
      try {
        return operation(geom, ...more);
      } catch (err) {
        failure = err;
      }
    }
    throw new AppError(
      ErrorCode.processingError,
      'Die Anteile der Bodenrichtwertzonen an diesem Flurstück ließen sich nicht berechnen.',
      { cause: failure },
    );
  };

export const intersection = withPrecisions(polyclip.intersection, polyclip.setPrecision);
export const difference = withPrecisions(polyclip.difference, polyclip.setPrecision);
export const union = withPrecisions(polyclip.union, polyclip.setPrecision);
