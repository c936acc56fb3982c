// The clipping's precision ladder: a precision at which polyclip-ts fails is
// followed by the next; failing at all of them is a coded processing_error.
import { describe, expect, it } from 'vitest';
import * as polyclip from 'polyclip-ts';
import { AppError, ErrorCode } from '#shared/errors.js';
import { CLIP_PRECISIONS_M, intersection, withPrecisions } from '#server/geo/clipping.js';

const square = (x0: number, size: number): [number, number][][][] => [
  [
    [
      [x0, 0],
      [x0 + size, 0],
      [x0 + size, size],
      [x0, size],
      [x0, 0],
    ],
  ],
];

describe('clipping', () => {
  it('clips with polyclip-ts at the first precision', () => {
    const [part] = intersection(square(0, 10), square(5, 10));
    const xs = (part?.[0] ?? []).map(([x]) => x);
    expect([Math.min(...xs), Math.max(...xs)]).toEqual([5, 10]);
  });

  it('tries the next precision where one fails, in order', () => {
    const tried: number[] = [];
    let current = 0;
    const failsTwice = withPrecisions(
      (geom, ...more) => {
        tried.push(current);
        if (tried.length <= 2) throw new Error('Unable to complete output ring');
        return polyclip.intersection(geom, ...more);
      },
      (eps) => {
        current = eps;
        polyclip.setPrecision(eps);
      },
    );
    expect(failsTwice(square(0, 10), square(5, 10))).toHaveLength(1);
    expect(tried).toEqual(CLIP_PRECISIONS_M.slice(0, 3));
  });

  it('answers processing_error, with the last failure as cause, where every precision fails', () => {
    const ring = new Error('Unable to complete output ring');
    const never = withPrecisions(
      () => {
        throw ring;
      },
      () => undefined,
    );
    let thrown: unknown;
    try {
      never(square(0, 10), square(5, 10));
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(AppError);
    expect(thrown).toMatchObject({ code: ErrorCode.processingError, status: 500, cause: ring });
  });
});
