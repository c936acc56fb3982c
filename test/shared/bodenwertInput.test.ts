import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INPUT_MAXIMA, parseBodenwertInput } from '#shared/bodenwertInput.js';
import { calculateBodenwert } from '#shared/density.js';

const VALID = { brw: 500, gfz_referenz: 1, gfz_tatsaechlich: 1.5 };
const SPLIT = { ...VALID, flaeche: 800, hinterland_flaeche_m2: 200, hinterland_faktor: 0.3 };

const INPUT_CODES = [
  'invalid_body',
  'missing_parameter',
  'invalid_brw',
  'invalid_gfz_referenz',
  'invalid_gfz_tatsaechlich',
  'invalid_flaeche',
  'invalid_hinterland_flaeche_m2',
  'invalid_hinterland_faktor',
];

function errorOf(body: unknown) {
  const result = parseBodenwertInput(body);
  if (result.ok) throw new Error(`expected an error for ${JSON.stringify(body)}`);
  return result.error;
}

describe('parseBodenwertInput', () => {
  it('returns the numbers of a valid body, reading strings with dot or comma', () => {
    const body = {
      brw: '500',
      gfz_referenz: '1,0',
      gfz_tatsaechlich: ' 1.5 ',
      flaeche: 800,
      hinterland_flaeche_m2: '200,5',
      hinterland_faktor: '0,3',
    };
    expect(parseBodenwertInput(body)).toEqual({
      ok: true,
      value: { ...SPLIT, hinterland_flaeche_m2: 200.5 },
    });
  });

  it('treats null as absent and leaves absent optional fields out', () => {
    const result = parseBodenwertInput({
      ...VALID,
      flaeche: null,
      hinterland_flaeche_m2: null,
      hinterland_faktor: null,
    });
    expect(result).toEqual({ ok: true, value: VALID });
    expect(result.ok && Object.keys(result.value)).toEqual([
      'brw',
      'gfz_referenz',
      'gfz_tatsaechlich',
    ]);
  });

  it('ignores fields it does not know', () => {
    expect(parseBodenwertInput({ ...VALID, adresse: 'Berlin' })).toEqual({
      ok: true,
      value: VALID,
    });
  });

  it('accepts the boundaries brw 0, faktor 0 and faktor 1', () => {
    expect(parseBodenwertInput({ ...VALID, brw: 0 }).ok).toBe(true);
    expect(parseBodenwertInput({ ...SPLIT, hinterland_faktor: 0 }).ok).toBe(true);
    expect(parseBodenwertInput({ ...SPLIT, hinterland_faktor: '1' }).ok).toBe(true);
  });

  it.each([null, [], [VALID], 'brw=500', 42, true])(
    'rejects the body %j as invalid_body',
    (body) => {
      const error = errorOf(body);
      expect(error.code).toBe('invalid_body');
      expect(error.status).toBe(400);
      expect(error.message).toContain('JSON-Objekt');
    },
  );

  it.each(['brw', 'gfz_referenz', 'gfz_tatsaechlich'] as const)(
    'reports a missing %s as missing_parameter naming it',
    (field) => {
      const body = Object.fromEntries(Object.entries(VALID).filter(([key]) => key !== field));
      const error = errorOf(body);
      expect(error.code).toBe('missing_parameter');
      expect(error.message).toContain(`„${field}“`);
      expect(errorOf({ ...VALID, [field]: null }).code).toBe('missing_parameter');
    },
  );

  it('requires hinterland_flaeche_m2 and hinterland_faktor together', () => {
    const withoutFactor = errorOf({ ...VALID, flaeche: 800, hinterland_flaeche_m2: 200 });
    expect(withoutFactor.code).toBe('missing_parameter');
    expect(withoutFactor.message).toContain('„hinterland_faktor“ fehlt');
    const withoutArea = errorOf({ ...VALID, flaeche: 800, hinterland_faktor: 0.3 });
    expect(withoutArea.code).toBe('missing_parameter');
    expect(withoutArea.message).toContain('„hinterland_flaeche_m2“ fehlt');
  });

  it('requires flaeche for a rear part', () => {
    const error = errorOf({ ...VALID, hinterland_flaeche_m2: 200, hinterland_faktor: 0.3 });
    expect(error.code).toBe('missing_parameter');
    expect(error.message).toContain('„flaeche“');
  });

  it.each([
    ['brw', -0.01, 'invalid_brw', 'größer oder gleich 0'],
    ['brw', 'abc', 'invalid_brw', 'keine Zahl'],
    ['gfz_referenz', 0, 'invalid_gfz_referenz', 'größer als 0'],
    ['gfz_referenz', '1e3', 'invalid_gfz_referenz', 'keine Zahl'],
    ['gfz_tatsaechlich', -1, 'invalid_gfz_tatsaechlich', 'größer als 0'],
    ['gfz_tatsaechlich', true, 'invalid_gfz_tatsaechlich', 'keine Zahl'],
    ['flaeche', 0, 'invalid_flaeche', 'größer als 0'],
    ['flaeche', '', 'invalid_flaeche', 'keine Zahl'],
    ['hinterland_flaeche_m2', 0, 'invalid_hinterland_flaeche_m2', 'kleiner als „flaeche“'],
    ['hinterland_flaeche_m2', 800, 'invalid_hinterland_flaeche_m2', 'kleiner als „flaeche“'],
    ['hinterland_flaeche_m2', 900, 'invalid_hinterland_flaeche_m2', 'kleiner als „flaeche“'],
    ['hinterland_flaeche_m2', [200], 'invalid_hinterland_flaeche_m2', 'keine Zahl'],
    ['hinterland_faktor', -0.01, 'invalid_hinterland_faktor', 'zwischen 0 und 1'],
    ['hinterland_faktor', 1.01, 'invalid_hinterland_faktor', 'zwischen 0 und 1'],
    ['hinterland_faktor', '0.3,1', 'invalid_hinterland_faktor', 'keine Zahl'],
  ])('rejects %s = %j with %s, naming the field and the rule', (field, value, code, rule) => {
    const error = errorOf({ ...SPLIT, [field]: value });
    expect(error.code).toBe(code);
    expect(error.status).toBe(400);
    expect(error.message).toContain(`„${field}“`);
    expect(error.message).toContain(rule);
  });

  it('reports the first error in the documented order', () => {
    // Each step fixes the error reported before, so every rule is seen winning over the later ones.
    const steps: [Record<string, unknown>, string][] = [
      [{ brw: -1, gfz_referenz: 0, hinterland_faktor: 2 }, 'missing_parameter'],
      [
        { brw: -1, gfz_referenz: 0, gfz_tatsaechlich: 0, hinterland_faktor: 2 },
        'missing_parameter',
      ],
      [
        {
          brw: -1,
          gfz_referenz: 0,
          gfz_tatsaechlich: 0,
          hinterland_faktor: 2,
          hinterland_flaeche_m2: -5,
        },
        'missing_parameter', // flaeche missing for the rear part
      ],
      [
        {
          brw: -1,
          gfz_referenz: 0,
          gfz_tatsaechlich: 0,
          flaeche: 0,
          hinterland_faktor: 2,
          hinterland_flaeche_m2: -5,
        },
        'invalid_brw',
      ],
    ];
    for (const [body, code] of steps) expect(errorOf(body).code).toBe(code);

    const invalid = {
      brw: -1,
      gfz_referenz: 0,
      gfz_tatsaechlich: 0,
      flaeche: 0,
      hinterland_flaeche_m2: -5,
      hinterland_faktor: 2,
    };
    const order = [
      ['brw', 'invalid_brw'],
      ['gfz_referenz', 'invalid_gfz_referenz'],
      ['gfz_tatsaechlich', 'invalid_gfz_tatsaechlich'],
      ['flaeche', 'invalid_flaeche'],
      ['hinterland_flaeche_m2', 'invalid_hinterland_flaeche_m2'],
      ['hinterland_faktor', 'invalid_hinterland_faktor'],
    ] as const;
    const body: Record<string, unknown> = { ...invalid };
    for (const [field, code] of order) {
      expect(errorOf(body).code).toBe(code);
      body[field] = SPLIT[field];
    }
    expect(parseBodenwertInput(body)).toEqual({ ok: true, value: SPLIT });
  });

  it('never throws on any JSON value and yields a valid input or a documented code', () => {
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), fc.anything()), (body) => {
        const result = parseBodenwertInput(body);
        if (!result.ok) expect(INPUT_CODES).toContain(result.error.code);
      }),
    );
  });

  it('on bodies with every field of any shape, valid results satisfy every rule', () => {
    const fieldValue = fc.oneof(
      fc.constant(null),
      fc.double(),
      fc.double({ min: 0, max: 2000, noNaN: true }),
      fc.stringMatching(/^ ?-?\d{1,4}([.,]\d{1,3})? ?$/),
      fc.jsonValue(),
    );
    const body = fc.record(
      {
        brw: fieldValue,
        gfz_referenz: fieldValue,
        gfz_tatsaechlich: fieldValue,
        flaeche: fieldValue,
        hinterland_flaeche_m2: fieldValue,
        hinterland_faktor: fieldValue,
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(body, (candidate) => {
        const result = parseBodenwertInput(candidate);
        if (!result.ok) {
          expect(INPUT_CODES.slice(1)).toContain(result.error.code);
          return;
        }
        const input = result.value;
        expect(input.brw).toBeGreaterThanOrEqual(0);
        expect(input.gfz_referenz).toBeGreaterThan(0);
        expect(input.gfz_tatsaechlich).toBeGreaterThan(0);
        if (input.flaeche !== undefined) expect(input.flaeche).toBeGreaterThan(0);
        if (input.hinterland_flaeche_m2 !== undefined) {
          expect(input.hinterland_flaeche_m2).toBeGreaterThan(0);
          expect(input.hinterland_flaeche_m2).toBeLessThan(input.flaeche ?? 0);
          expect(input.hinterland_faktor).toBeGreaterThanOrEqual(0);
          expect(input.hinterland_faktor).toBeLessThanOrEqual(1);
        }
        expect(input.hinterland_faktor === undefined).toBe(
          input.hinterland_flaeche_m2 === undefined,
        );
      }),
    );
  });

  it.each([
    ['brw', { ...VALID, brw: 1e308 }, 'invalid_brw'],
    ['gfz_referenz', { ...VALID, gfz_referenz: '2000000' }, 'invalid_gfz_referenz'],
    ['gfz_tatsaechlich', { ...VALID, gfz_tatsaechlich: 1e7 }, 'invalid_gfz_tatsaechlich'],
    ['flaeche', { ...VALID, flaeche: 1e13 }, 'invalid_flaeche'],
  ])('refuses %s above its maximum with its own code and message', (field, body, code) => {
    const error = errorOf(body);
    expect(error.code).toBe(code);
    expect(error.message).toContain(`„${field}“ darf höchstens`);
  });

  it('accepts the maxima themselves', () => {
    const body = {
      brw: INPUT_MAXIMA.brw,
      gfz_referenz: INPUT_MAXIMA.gfz,
      gfz_tatsaechlich: INPUT_MAXIMA.gfz,
      flaeche: INPUT_MAXIMA.flaeche,
    };
    expect(parseBodenwertInput(body).ok).toBe(true);
  });

  it('gives only finite numbers in the answer for every accepted input', () => {
    const positive = (max: number) => fc.double({ min: Number.MIN_VALUE, max, noNaN: true });
    const body = fc.record({
      brw: fc.double({ min: 0, max: INPUT_MAXIMA.brw, noNaN: true }),
      gfz_referenz: positive(INPUT_MAXIMA.gfz),
      gfz_tatsaechlich: positive(INPUT_MAXIMA.gfz),
      flaeche: positive(INPUT_MAXIMA.flaeche),
    });
    fc.assert(
      fc.property(body, (candidate) => {
        const result = parseBodenwertInput(candidate);
        if (!result.ok) return;
        for (const value of Object.values(calculateBodenwert(result.value))) {
          if (typeof value === 'number') expect(Number.isFinite(value)).toBe(true);
        }
      }),
    );
  });
});
