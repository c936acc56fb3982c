import { describe, expect, it } from 'vitest';
import {
  calculateBodenwert,
  densityCoefficient,
  densityCoefficientDecimal,
} from '#shared/density.js';
import { CALCULATION_DISCLAIMER } from '#shared/texts.js';

const BASE_KEYS = [
  'brw_input_euro_pro_m2',
  'gfz_referenz',
  'gfz_tatsaechlich',
  'koeffizient_referenz',
  'koeffizient_tatsaechlich',
  'faktor',
  'bodenrichtwert_tatsaechlich_euro_pro_m2',
];
const SPLIT_KEYS = [
  'grundstuecksflaeche_m2',
  'bodenwert_euro',
  'hinterland_flaeche_m2',
  'hinterland_faktor',
  'vorderland_flaeche_m2',
  'vorderland_wert_euro',
  'hinterland_wert_euro',
];

describe('densityCoefficient', () => {
  it('is 1 at GFZ 1 and follows 0.6·√GFZ + 0.2·GFZ + 0.2', () => {
    expect(densityCoefficient(1)).toBe(1);
    expect(densityCoefficient(4)).toBeCloseTo(0.6 * 2 + 0.8 + 0.2, 14); // 2.2
    expect(densityCoefficient(0.25)).toBeCloseTo(0.6 * 0.5 + 0.05 + 0.2, 14); // 0.55
  });
});

describe('calculateBodenwert, worked examples computed by hand', () => {
  it('brw 500, GFZ 1.0 → 1.5', () => {
    // K(1.0) = 0.6 + 0.2 + 0.2 = 1
    // K(1.5) = 0.6 · √1.5 + 0.3 + 0.2 = 0.6 · 1.2247448714 + 0.5 = 1.2348469228 → 1.2348
    // adjusted = 500 · 1.2348469228 / 1 = 617.4234614 → 617.42
    const result = calculateBodenwert({ brw: 500, gfz_referenz: 1, gfz_tatsaechlich: 1.5 });
    expect(result).toEqual({
      brw_input_euro_pro_m2: 500,
      gfz_referenz: 1,
      gfz_tatsaechlich: 1.5,
      koeffizient_referenz: 1,
      koeffizient_tatsaechlich: 1.2348,
      faktor: 1.2348,
      bodenrichtwert_tatsaechlich_euro_pro_m2: 617.42,
      modell: 'amtliche-standardformel',
      formel:
        'K(GFZ) = 0,6 · √GFZ + 0,2 · GFZ + 0,2; ' +
        'angepasster Bodenrichtwert = BRW × K(GFZ tatsächlich) / K(GFZ Referenz)',
      disclaimer: CALCULATION_DISCLAIMER,
    });
    expect(Object.keys(result)).toEqual([...BASE_KEYS, 'modell', 'formel', 'disclaimer']);
  });

  it('brw 300, GFZ 4.0 → 1.0 with 500 m², extrapolated for gfz_referenz only', () => {
    // K(4.0) = 0.6 · 2 + 0.8 + 0.2 = 2.2;  K(1.0) = 1
    // faktor = 1 / 2.2 = 0.454545… → 0.4545
    // adjusted = 300 / 2.2 = 136.363636… → 136.36
    // bodenwert = 136.363636… · 500 = 68181.8181… → 68181.82 (from the unrounded value;
    // the rounded 136.36 · 500 would give 68180.00)
    const result = calculateBodenwert({
      brw: 300,
      gfz_referenz: 4,
      gfz_tatsaechlich: 1,
      flaeche: 500,
    });
    expect(result).toMatchObject({
      koeffizient_referenz: 2.2,
      koeffizient_tatsaechlich: 1,
      faktor: 0.4545,
      bodenrichtwert_tatsaechlich_euro_pro_m2: 136.36,
      grundstuecksflaeche_m2: 500,
      bodenwert_euro: 68181.82,
    });
    expect(result.formel).toContain('Bodenwert = angepasster Bodenrichtwert × Grundstücksfläche');
    expect(result.hinweis).toBe(
      'gfz_referenz liegt außerhalb des Bereichs 0,1 bis 3,0, für den die Standardformel gilt; ' +
        'das Ergebnis ist eine Extrapolation.',
    );
    expect(Object.keys(result)).toEqual([
      ...BASE_KEYS,
      'grundstuecksflaeche_m2',
      'bodenwert_euro',
      'modell',
      'formel',
      'hinweis',
      'disclaimer',
    ]);
  });

  it('brw 200, GFZ 0.25 → 2.25, 1000 m² split 600/400 at factor 0.25', () => {
    // K(0.25) = 0.6 · 0.5 + 0.05 + 0.2 = 0.55;  K(2.25) = 0.6 · 1.5 + 0.45 + 0.2 = 1.55
    // faktor = 1.55 / 0.55 = 2.818181… → 2.8182;  adjusted = 200 · 2.818181… = 563.6363… → 563.64
    // front = 600 · 563.6363… = 338181.8181… → 338181.82
    // rear  = 400 · 563.6363… · 0.25 = 56363.6363… → 56363.64
    // total = 394545.4545… → 394545.45 (the sum of the rounded parts would be 394545.46)
    const result = calculateBodenwert({
      brw: 200,
      gfz_referenz: 0.25,
      gfz_tatsaechlich: 2.25,
      flaeche: 1000,
      hinterland_flaeche_m2: 400,
      hinterland_faktor: 0.25,
    });
    expect(result).toMatchObject({
      koeffizient_referenz: 0.55,
      koeffizient_tatsaechlich: 1.55,
      faktor: 2.8182,
      bodenrichtwert_tatsaechlich_euro_pro_m2: 563.64,
      grundstuecksflaeche_m2: 1000,
      bodenwert_euro: 394545.45,
      hinterland_flaeche_m2: 400,
      hinterland_faktor: 0.25,
      vorderland_flaeche_m2: 600,
      vorderland_wert_euro: 338181.82,
      hinterland_wert_euro: 56363.64,
    });
    expect(result.hinweis).toBe(
      'Der Hinterlandfaktor stammt aus Ihrer Eingabe und ist kein amtlicher Wert.',
    );
    expect(result.formel).toContain(
      'Hinterlandfläche × angepasster Bodenrichtwert × Hinterlandfaktor',
    );
    expect(Object.keys(result)).toEqual([
      ...BASE_KEYS,
      ...SPLIT_KEYS,
      'modell',
      'formel',
      'hinweis',
      'disclaimer',
    ]);
  });

  it('brw 1.005 at equal GFZ with 3 m² rounds half away from zero on the decimal value', () => {
    // faktor = 1, adjusted = 1.005 → 1.01 (binary 1.005 is 1.00499…, toFixed(2) gives 1.00)
    // bodenwert = 1.005 · 3 = 3.015 → 3.02 (binary 1.005 · 3 = 3.0149999999999997)
    const result = calculateBodenwert({
      brw: 1.005,
      gfz_referenz: 2,
      gfz_tatsaechlich: 2,
      flaeche: 3,
    });
    expect(result).toMatchObject({ faktor: 1, bodenrichtwert_tatsaechlich_euro_pro_m2: 1.01 });
    expect(result.bodenwert_euro).toBe(3.02);
  });

  it('echoes inputs unrounded and computes the front area exactly', () => {
    // 1000.123 − 0.1 = 1000.023 (binary subtraction would give 1000.0229999999999)
    const result = calculateBodenwert({
      brw: 123.456789,
      gfz_referenz: 1.23456,
      gfz_tatsaechlich: 1.23456,
      flaeche: 1000.123,
      hinterland_flaeche_m2: 0.1,
      hinterland_faktor: 0.123456,
    });
    expect(result).toMatchObject({
      brw_input_euro_pro_m2: 123.456789,
      gfz_referenz: 1.23456,
      gfz_tatsaechlich: 1.23456,
      grundstuecksflaeche_m2: 1000.123,
      hinterland_faktor: 0.123456,
      vorderland_flaeche_m2: 1000.023,
    });
  });

  it('gives 0 for brw 0 and for a rear factor of 0 a rear value of 0', () => {
    const result = calculateBodenwert({
      brw: 0,
      gfz_referenz: 1,
      gfz_tatsaechlich: 2,
      flaeche: 100,
      hinterland_flaeche_m2: 50,
      hinterland_faktor: 0,
    });
    expect(result).toMatchObject({ bodenrichtwert_tatsaechlich_euro_pro_m2: 0, bodenwert_euro: 0 });
    const rearFree = calculateBodenwert({
      brw: 100,
      gfz_referenz: 1,
      gfz_tatsaechlich: 1,
      flaeche: 100,
      hinterland_flaeche_m2: 50,
      hinterland_faktor: 0,
    });
    expect(rearFree).toMatchObject({ hinterland_wert_euro: 0, bodenwert_euro: 5000 });
  });
});

describe('calculateBodenwert hints', () => {
  const split = (hinterland_faktor: number) =>
    calculateBodenwert({
      brw: 100,
      gfz_referenz: 1,
      gfz_tatsaechlich: 1,
      flaeche: 100,
      hinterland_flaeche_m2: 40,
      hinterland_faktor,
    }).hinweis;
  const inputNote = 'Der Hinterlandfaktor stammt aus Ihrer Eingabe und ist kein amtlicher Wert.';
  const low =
    'Der Hinterlandfaktor liegt unter den veröffentlichten üblichen Spannen (0,10 bis 0,50).';
  const high = 'Der Hinterlandfaktor liegt deutlich über den üblichen Spannen (0,10 bis 0,50).';

  it('has no hint for GFZ within 0.1 to 3.0 inclusive and no split', () => {
    for (const [ref, act] of [
      [0.1, 3],
      [3, 0.1],
      [1, 1],
    ] as const) {
      const result = calculateBodenwert({ brw: 1, gfz_referenz: ref, gfz_tatsaechlich: act });
      expect('hinweis' in result).toBe(false);
    }
  });

  it('names which GFZ lies outside 0.1 to 3.0', () => {
    const actual = calculateBodenwert({ brw: 1, gfz_referenz: 1, gfz_tatsaechlich: 3.01 });
    expect(actual.hinweis).toMatch(/^gfz_tatsaechlich liegt außerhalb des Bereichs 0,1 bis 3,0/);
    const both = calculateBodenwert({ brw: 1, gfz_referenz: 0.09, gfz_tatsaechlich: 5 });
    expect(both.hinweis).toMatch(/^gfz_referenz und gfz_tatsaechlich liegen außerhalb/);
  });

  it.each([
    [0, `${inputNote} ${low}`],
    [0.0999, `${inputNote} ${low}`],
    [0.1, inputNote],
    [0.3, inputNote],
    [0.5, inputNote],
    [0.5001, `${inputNote} ${high}`],
    [0.99, `${inputNote} ${high}`],
    [1, inputNote],
  ])('for rear factor %d says %j', (factor, expected) => {
    expect(split(factor)).toBe(expected);
  });

  it('joins the extrapolation and split notes with a space', () => {
    const result = calculateBodenwert({
      brw: 100,
      gfz_referenz: 0.05,
      gfz_tatsaechlich: 1,
      flaeche: 100,
      hinterland_flaeche_m2: 40,
      hinterland_faktor: 0.8,
    });
    expect(result.hinweis).toBe(
      'gfz_referenz liegt außerhalb des Bereichs 0,1 bis 3,0, für den die Standardformel gilt; ' +
        `das Ergebnis ist eine Extrapolation. ${inputNote} ${high}`,
    );
  });
});

describe('densityCoefficient memo', () => {
  it('gives the same K for a GFZ whether it was remembered, evicted or new', () => {
    const first = densityCoefficientDecimal(1.37).toString();
    // Push 1.37 out of the bounded memo with 300 other GFZ values.
    for (let i = 1; i <= 300; i++) densityCoefficientDecimal(i / 7);
    expect(densityCoefficientDecimal(1.37).toString()).toBe(first);
    expect(densityCoefficientDecimal(1.37)).toBe(densityCoefficientDecimal(1.37));
  });
});
