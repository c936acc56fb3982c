import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { roundHalfAwayFromZero } from '#shared/rounding.js';

describe('roundHalfAwayFromZero', () => {
  it.each([
    // Binary floating point stores 1.005 as 1.00499999999999989…; toFixed(2) gives "1.00".
    [1.005, 2, 1.01],
    [-1.005, 2, -1.01],
    [2.675, 2, 2.68],
    [1.0045, 3, 1.005],
    [0.5, 0, 1],
    [-0.5, 0, -1],
    [2.5, 0, 3],
    [1.23444, 4, 1.2344],
    [1.23445, 4, 1.2345],
    [617.4234614174767, 2, 617.42],
  ])('rounds %d to %d decimals as %d', (value, decimals, expected) => {
    expect(roundHalfAwayFromZero(value, decimals)).toBe(expected);
  });

  it('never gives negative zero', () => {
    expect(Object.is(roundHalfAwayFromZero(-0.001, 2), 0)).toBe(true);
  });

  it('is symmetric around zero and moves a value by at most half a unit', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e9, max: 1e9, noNaN: true }), (value) => {
        const rounded = roundHalfAwayFromZero(value, 2);
        expect(roundHalfAwayFromZero(-value, 2)).toBe(rounded === 0 ? 0 : -rounded);
        expect(Math.abs(rounded - value)).toBeLessThanOrEqual(0.005 + 1e-6);
      }),
    );
  });
});
