import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal } from '#shared/decimal.js';
import {
  calculateBodenwert,
  densityCoefficient,
  densityCoefficientDecimal,
} from '#shared/density.js';

const gfz = fc.double({ min: 0.001, max: 20, noNaN: true });
const brw = fc.double({ min: 0, max: 100_000, noNaN: true });
/** A plot and a rear part strictly inside it. */
const plot = fc
  .tuple(fc.double({ min: 1, max: 1_000_000, noNaN: true }), fc.double({ min: 0.001, max: 0.999 }))
  .map(([flaeche, share]) => ({ flaeche, hinterland_flaeche_m2: flaeche * share }))
  .filter((p) => p.hinterland_flaeche_m2 > 0 && p.hinterland_flaeche_m2 < p.flaeche);

describe('density formula invariants', () => {
  it('K is strictly increasing', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1e-9, max: 1e6, noNaN: true }),
        fc.double({ min: 1e-9, max: 1e6, noNaN: true }),
        (a, b) => {
          fc.pre(a !== b);
          const [low, high] = a < b ? [a, b] : [b, a];
          expect(densityCoefficientDecimal(low).lt(densityCoefficientDecimal(high))).toBe(true);
        },
      ),
    );
  });

  it('K grows less than proportionally: K(a·g) < a·K(g) for a > 1', () => {
    fc.assert(
      fc.property(gfz, fc.double({ min: 1.001, max: 100, noNaN: true }), (g, a) => {
        expect(densityCoefficient(a * g)).toBeLessThan(a * densityCoefficient(g));
      }),
    );
  });

  it('faktor is 1 and the value unchanged when both GFZ are equal', () => {
    fc.assert(
      fc.property(brw, gfz, (value, g) => {
        const result = calculateBodenwert({ brw: value, gfz_referenz: g, gfz_tatsaechlich: g });
        expect(result.faktor).toBe(1);
        expect(result.bodenrichtwert_tatsaechlich_euro_pro_m2).toBe(
          new Decimal(value).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toNumber(),
        );
      }),
    );
  });

  it('a split with rear factor 1 gives exactly the unsplit bodenwert', () => {
    fc.assert(
      fc.property(brw, gfz, gfz, plot, (value, ref, act, { flaeche, hinterland_flaeche_m2 }) => {
        const base = { brw: value, gfz_referenz: ref, gfz_tatsaechlich: act, flaeche };
        const unsplit = calculateBodenwert(base);
        const split = calculateBodenwert({ ...base, hinterland_flaeche_m2, hinterland_faktor: 1 });
        expect(split.bodenwert_euro).toBe(unsplit.bodenwert_euro);
      }),
    );
  });

  it('bodenwert equals front plus rear value within rounding (one cent)', () => {
    const factor = fc.double({ min: 0, max: 1, noNaN: true });
    fc.assert(
      fc.property(brw, gfz, gfz, plot, factor, (value, ref, act, area, hinterland_faktor) => {
        const result = calculateBodenwert({
          brw: value,
          gfz_referenz: ref,
          gfz_tatsaechlich: act,
          ...area,
          hinterland_faktor,
        });
        const parts = new Decimal(result.vorderland_wert_euro ?? Number.NaN).plus(
          result.hinterland_wert_euro ?? Number.NaN,
        );
        expect(
          parts
            .minus(result.bodenwert_euro ?? Number.NaN)
            .abs()
            .lte(0.01),
        ).toBe(true);
      }),
    );
  });
});
