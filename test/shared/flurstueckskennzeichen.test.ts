import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '#shared/errors.js';
import {
  landOfKennzeichen,
  parseKennzeichen,
  splitKennzeichen,
  zeroPadded,
} from '#shared/flurstueckskennzeichen.js';

const parsed = (input: string) => {
  const result = parseKennzeichen(input);
  if (!result.ok) throw result.error;
  return result.value;
};

describe('parseKennzeichen', () => {
  it('keeps the real values of the reference as they are (NW, TH, SH, MV)', () => {
    // Values seen in service answers (reference §2: NRW AAA WFS, TH ave 1.0, SH/MV INSPIRE).
    for (const k of [
      '05329001100085______',
      '160115002004250001__',
      '011536030000110047__',
      '130332001026360058__',
    ]) {
      expect(parsed(k)).toBe(k);
    }
  });

  it('widens Berlin’s 18 characters with "__"', () => {
    expect(parsed('11000191900567____')).toBe('11000191900567______');
  });

  it('reads zeros as padding in Flur, Nenner and Folge (Baden-Württemberg spelling)', () => {
    expect(parsed('08146000000645000000')).toBe('081460___00645______');
    expect(parsed('08146000000018000600')).toBe('081460___000180006__');
  });

  it('keeps the LGLN values and a Folge in digits (Saxony: Flur ___, Folge 02), never assuming __', () => {
    // LGLN values in JB1991/boris testdata; the Saxony ave id in a public parcel-source test.
    expect(parsed('031205005001130037__')).toBe('031205005001130037__');
    expect(parsed('034847003000680012__')).toBe('034847003000680012__');
    expect(parsed('140209___00622001002')).toBe('140209___00622001002');
    expect(splitKennzeichen('140209___00622001002')).toMatchObject({ zaehler: 622, nenner: 10 });
  });

  it('keeps Hamburg’s parcels without Flur', () => {
    expect(parsed('020530___00123______')).toBe('020530___00123______');
  });

  it('ignores spaces around the input', () => {
    expect(parsed('  05329001100085______ ')).toBe('05329001100085______');
  });

  it.each([
    ['too short', '0532900110008'],
    ['too long', '05329001100085________'],
    ['unknown Land', '17329001100085______'],
    ['Land 00', '00329001100085______'],
    ['letters in the Gemarkung', '05AB9001100085______'],
    ['no Zähler', '053290011_____0001__'],
    ['Zähler 0', '05329001100000______'],
    ['letters in the Nenner', '0532900110008500x1__'],
    ['padding after the digits', '053290011000851_____'],
  ])('refuses %s with 400 invalid_field and a German message', (_, input) => {
    const result = parseKennzeichen(input);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe(ErrorCode.invalidField);
    expect(result.error.status).toBe(400);
    expect(result.error.message).toMatch(/Flurstückskennzeichen muss 20 Zeichen/);
  });
});

// Any well-formed Kennzeichen, written with either padding.
const parts = fc.record({
  land: fc.integer({ min: 1, max: 16 }),
  gemarkung: fc.integer({ min: 0, max: 9999 }),
  flur: fc.option(fc.integer({ min: 1, max: 999 }), { nil: undefined }),
  zaehler: fc.integer({ min: 1, max: 99999 }),
  nenner: fc.option(fc.integer({ min: 1, max: 9999 }), { nil: undefined }),
  folge: fc.option(fc.integer({ min: 1, max: 99 }), { nil: undefined }),
});
const digits = (n: number, width: number) => String(n).padStart(width, '0');
const part = (n: number | undefined, width: number, pad: string) =>
  n === undefined ? pad.repeat(width) : digits(n, width);
type Parts = typeof parts extends fc.Arbitrary<infer T> ? T : never;
const written = (p: Parts, pad: string) =>
  digits(p.land, 2) +
  digits(p.gemarkung, 4) +
  part(p.flur, 3, pad) +
  digits(p.zaehler, 5) +
  part(p.nenner, 4, pad) +
  part(p.folge, 2, pad);

describe('parseKennzeichen properties', () => {
  it('gives "_" and "0" padding the same canonical form, and that form parses to itself', () => {
    fc.assert(
      fc.property(parts, (p) => {
        const underscore = parsed(written(p, '_'));
        expect(parsed(written(p, '0'))).toBe(underscore);
        expect(parsed(underscore)).toBe(underscore);
        expect(parsed(zeroPadded(underscore))).toBe(underscore);
      }),
    );
  });

  it('splits into the parts it was built from', () => {
    fc.assert(
      fc.property(parts, (p) => {
        const k = parsed(written(p, '_'));
        const split = splitKennzeichen(k);
        expect(split.gemarkung).toBe(digits(p.gemarkung, 4));
        expect(split.gemarkungsschluessel).toBe(digits(p.land, 2) + digits(p.gemarkung, 4));
        expect(split.flur).toBe(p.flur);
        expect(split.zaehler).toBe(p.zaehler);
        expect(split.nenner).toBe(p.nenner);
        expect(landOfKennzeichen(k)).toBe(split.land);
      }),
    );
  });

  it('never throws, whatever the input', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (input) => {
        const result = parseKennzeichen(input);
        if (result.ok) expect(result.value).toHaveLength(20);
      }),
    );
  });
});

describe('landOfKennzeichen', () => {
  it('names the state of the first two digits', () => {
    expect(landOfKennzeichen('05329001100085______')).toBe('NW');
    expect(landOfKennzeichen('11000191900567______')).toBe('BE');
    expect(landOfKennzeichen('09123001100085______')).toBe('BY');
    expect(landOfKennzeichen('16011500200425000100')).toBe('TH');
  });
});
