// berlinDay and billingMonth format once per UTC hour: in any order of dates,
// around midnights and clock changes in Berlin, they must say what Intl says
// for every single date.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { billingMonth } from '#server/accounts/billingMonth.js';
import { berlinDay } from '#server/time/berlinDay.js';

const BERLIN = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Berlin', dateStyle: 'short' });
const direct = (at: Date) => BERLIN.format(at);

/** Berlin midnights and clock changes of 2026, as UTC instants. */
const EDGES = [
  '2025-12-31T23:00:00Z', // 1 January, CET
  '2026-03-28T23:00:00Z', // 29 March, the night of the change to CEST
  '2026-03-29T01:00:00Z', // the change itself
  '2026-03-29T22:00:00Z', // 30 March, CEST
  '2026-10-25T01:00:00Z', // back to CET
  '2026-10-25T23:00:00Z', // 26 October, CET
  '2026-11-30T23:00:00Z', // 1 December
].map((iso) => Date.parse(iso));

describe('Berlin day and billing month, once per UTC hour', () => {
  it('agree with Intl for dates in any order, near and far from the edges', () => {
    const near = fc
      .tuple(fc.constantFrom(...EDGES), fc.integer({ min: -7_200_000, max: 7_200_000 }))
      .map(([edge, offset]) => edge + offset);
    const anywhere = fc.integer({ min: Date.parse('1990-01-01'), max: Date.parse('2100-01-01') });
    fc.assert(
      fc.property(fc.array(fc.oneof(near, anywhere), { minLength: 1, maxLength: 40 }), (times) => {
        for (const time of times) {
          const at = new Date(time);
          expect(berlinDay(at)).toBe(direct(at));
          expect(billingMonth(at)).toBe(direct(at).slice(0, 7));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('turns the day exactly at Berlin midnight, after a call in the same UTC hour', () => {
    const midnight = Date.parse('2026-11-30T23:00:00Z');
    expect(berlinDay(new Date(midnight - 1))).toBe('2026-11-30');
    expect(berlinDay(new Date(midnight))).toBe('2026-12-01');
    expect(billingMonth(new Date(midnight - 1))).toBe('2026-11');
    expect(billingMonth(new Date(midnight))).toBe('2026-12');
  });

  it('still refuses an invalid date', () => {
    expect(() => berlinDay(new Date(Number.NaN))).toThrow(RangeError);
  });
});
