import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDecimalInput } from '#shared/numbers.js';

describe('parseDecimalInput', () => {
  it.each([null, undefined])('treats %s as absent', (value) => {
    expect(parseDecimalInput(value)).toEqual({ kind: 'absent' });
  });

  it.each([
    [1.5, 1.5],
    [0, 0],
    [-2, -2],
    [1e3, 1000],
    ['1.5', 1.5],
    ['1,5', 1.5],
    [' 2 ', 2],
    ['\t0,25\n', 0.25],
    ['-3,5', -3.5],
    ['007', 7],
    ['1.000', 1], // one separator is always the decimal separator
  ])('reads %j as %d', (input, expected) => {
    expect(parseDecimalInput(input)).toEqual({ kind: 'number', value: expected });
  });

  it('turns negative zero into zero', () => {
    const parsed = parseDecimalInput(-0);
    expect(parsed.kind === 'number' && Object.is(parsed.value, 0)).toBe(true);
  });

  it.each([
    ['both separators', '1.000,5'],
    ['both separators, English style', '1,000.5'],
    ['repeated dot thousands separators', '1.000.000'],
    ['space thousands separator', '1 000'],
    ['apostrophe thousands separator', "1'000"],
    ['an exponent', '1e3'],
    ['an upper-case exponent', '2E-1'],
    ['NaN as text', 'NaN'],
    ['Infinity as text', 'Infinity'],
    ['an empty string', ''],
    ['a blank string', '   '],
    ['a leading plus', '+1'],
    ['a bare separator fraction', ',5'],
    ['a trailing separator', '5.'],
    ['a hex literal', '0x10'],
    ['a unit', '500 €'],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['true', true],
    ['false', false],
    ['an array', [1]],
    ['an empty array', []],
    ['an object', { value: 1 }],
    ['a bigint', 10n],
  ])('rejects %s', (_label, input) => {
    expect(parseDecimalInput(input)).toEqual({ kind: 'invalid' });
  });

  it('reads any digits with a dot or a comma as the same decimal number', () => {
    fc.assert(
      fc.property(fc.nat(), fc.stringMatching(/^\d{1,8}$/), (whole, fraction) => {
        const expected = Number(`${whole}.${fraction}`);
        expect(parseDecimalInput(`${whole},${fraction}`)).toEqual({
          kind: 'number',
          value: expected,
        });
        expect(parseDecimalInput(` ${whole}.${fraction} `)).toEqual({
          kind: 'number',
          value: expected,
        });
      }),
    );
  });

  it('never throws and yields a finite number, absence or invalid for any value', () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.string(), fc.double()), (value) => {
        const parsed = parseDecimalInput(value);
        if (parsed.kind === 'number') expect(Number.isFinite(parsed.value)).toBe(true);
        else expect(['absent', 'invalid']).toContain(parsed.kind);
      }),
    );
  });
});
