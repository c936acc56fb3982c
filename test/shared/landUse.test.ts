import { describe, expect, it } from 'vitest';
import {
  LAND_USE_CODES,
  LAND_USE_NAMES,
  compareLandUse,
  isLandUseCode,
  parseLandUseFilter,
  sortByLandUse,
  type LandUseCode,
} from '#shared/landUse.js';

describe('land-use codes', () => {
  it('are W, M, G, S, L, F, SO in that order with their German names', () => {
    expect(LAND_USE_CODES).toEqual(['W', 'M', 'G', 'S', 'L', 'F', 'SO']);
    expect(LAND_USE_NAMES).toEqual({
      W: 'Wohnbaufläche',
      M: 'Gemischte Baufläche',
      G: 'Gewerbliche Baufläche',
      S: 'Sonderbaufläche',
      L: 'Landwirtschaftliche Fläche',
      F: 'Forstwirtschaftliche Fläche',
      SO: 'Sonstige Fläche',
    });
  });

  it('recognises only the seven codes', () => {
    expect(LAND_USE_CODES.every((code) => isLandUseCode(code))).toBe(true);
    for (const other of ['LF', 'w', '', ' W', 'WO', 1, null, undefined]) {
      expect(isLandUseCode(other)).toBe(false);
    }
  });

  it('compares codes by canonical order', () => {
    expect(compareLandUse('W', 'SO')).toBeLessThan(0);
    expect(compareLandUse('F', 'L')).toBeGreaterThan(0);
    expect(compareLandUse('G', 'G')).toBe(0);
  });

  it('sorts entries by code, keeping the order of entries with the same code', () => {
    const entries: { code: LandUseCode; id: number }[] = [
      { code: 'SO', id: 1 },
      { code: 'W', id: 2 },
      { code: 'F', id: 3 },
      { code: 'W', id: 4 },
      { code: 'M', id: 5 },
      { code: 'L', id: 6 },
      { code: 'W', id: 7 },
    ];
    expect(sortByLandUse(entries).map((e) => e.id)).toEqual([2, 4, 7, 5, 6, 3, 1]);
    expect(entries[0]?.id).toBe(1); // the input is not changed
  });
});

describe('parseLandUseFilter', () => {
  it('gives no filter for no values', () => {
    expect(parseLandUseFilter([])).toEqual({ ok: true, value: [] });
  });

  it('accepts repeated codes, deduplicated in canonical order', () => {
    expect(parseLandUseFilter(['SO', 'W', 'F', 'W'])).toEqual({
      ok: true,
      value: ['W', 'F', 'SO'],
    });
  });

  it('rejects the removed code LF, saying it is now L and F', () => {
    const result = parseLandUseFilter(['W', 'LF']);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('invalid_nutzungsart');
    expect(result.error.status).toBe(400);
    expect(result.error.message).toContain('2026-04');
    expect(result.error.message).toContain('„L“');
    expect(result.error.message).toContain('„F“');
  });

  it('rejects comma-separated lists, pointing to the repeated parameter', () => {
    const result = parseLandUseFilter(['W,M']);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('invalid_nutzungsart');
    expect(result.error.message).toContain('kommagetrennte');
    expect(result.error.message).toContain('nutzungsart=W&nutzungsart=M');
  });

  it.each(['X', 'w', '', ' W', 'SO '])('rejects %j, listing the allowed codes', (value) => {
    const result = parseLandUseFilter([value]);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('invalid_nutzungsart');
    expect(result.error.message).toContain('W, M, G, S, L, F, SO');
  });
});
