import { describe, expect, it } from 'vitest';
import type { BodenrichtwertEntry, BodenrichtwertResponse } from '#shared/apiTypes.js';
import { LOOKUP_FIELDS, selectLookupValue, selectionError } from '#shared/client/lookupValue.js';

const entry = (fields: Partial<BodenrichtwertEntry> & Pick<BodenrichtwertEntry, 'code'>) => ({
  nutzungsart: 'x',
  brw_euro_pro_m2: 1,
  stichtag: '2025-01-01',
  gemeinde: 'Berlin',
  gutachterausschuss: '',
  ...fields,
});

const response: BodenrichtwertResponse = {
  address_input: 'Unter den Linden 1, 10117 Berlin',
  address_resolved: 'Unter den Linden 1, 10117 Berlin',
  coordinates: { lat: 52.517, lon: 13.389 },
  geocoding: { source: 'geocoder', match: 'geocoder' },
  // Deliberately out of canonical order, as a careless source might answer.
  bodenrichtwerte: [
    entry({ code: 'G', brw_euro_pro_m2: 900 }),
    entry({ code: 'W', brw_euro_pro_m2: 5000, wertrel_geschossflaechenzahl: 2.5, bauweise: 'g' }),
    entry({ code: 'W', brw_euro_pro_m2: 4800 }),
  ],
  cache_hit: false,
  abgerufen_am: '2026-11-20T09:30:00.000Z',
  attribution: { text: 't', license_url: 'u', source_url: 's', year: 2025 },
  disclaimer: 'd',
};

const valueOf = (nutzungsart?: string, feld?: string) =>
  selectLookupValue(response, nutzungsart, feld);
const codeOf = (nutzungsart?: string, feld?: string) => {
  const result = valueOf(nutzungsart, feld);
  return result.ok ? 'ok' : result.error.code;
};

describe('selectLookupValue', () => {
  it('defaults to brw_euro_pro_m2 of the first entry in canonical order', () => {
    expect(LOOKUP_FIELDS[0]).toBe('brw_euro_pro_m2');
    expect(valueOf()).toEqual({ ok: true, value: 5000 });
    expect(valueOf('  ', '')).toEqual({ ok: true, value: 5000 });
  });

  it('picks the first entry of the given code, read case-insensitively', () => {
    expect(valueOf('G')).toEqual({ ok: true, value: 900 });
    expect(valueOf(' w ', 'WERTREL_GESCHOSSFLAECHENZAHL')).toEqual({ ok: true, value: 2.5 });
    expect(valueOf('W', 'code')).toEqual({ ok: true, value: 'W' });
  });

  it('returns an empty gutachterausschuss as it is', () => {
    expect(valueOf('W', 'gutachterausschuss')).toEqual({ ok: true, value: '' });
  });

  it('rejects bad codes, LF and comma lists with invalid_nutzungsart', () => {
    expect(codeOf('X')).toBe('invalid_nutzungsart');
    expect(codeOf('W,G')).toBe('invalid_nutzungsart');
    const lf = valueOf('lf');
    expect(!lf.ok && lf.error.message).toContain('2026-04');
  });

  it('rejects unknown fields with invalid_field (status 400), listing the fields', () => {
    const result = valueOf('W', 'preis');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('invalid_field');
    expect(result.error.status).toBe(400);
    expect(result.error.message).toContain('brw_euro_pro_m2, nutzungsart');
  });

  it('checks the code before the field and both before the data', () => {
    expect(codeOf('X', 'preis')).toBe('invalid_nutzungsart');
    expect(codeOf('SO', 'preis')).toBe('invalid_field');
  });

  it('gives no_data when no entry has the code or the entry lacks the field', () => {
    const missingCode = valueOf('SO');
    expect(!missingCode.ok && missingCode.error.code).toBe('no_data');
    expect(!missingCode.ok && missingCode.error.message).toContain('SO (Sonstige Fläche)');
    expect(codeOf('G', 'bauweise')).toBe('no_data');
    const empty = selectLookupValue({ ...response, bodenrichtwerte: [] });
    expect(!empty.ok && empty.error.code).toBe('no_data');
  });
});

describe('selectionError', () => {
  it('finds a bad code or field before any lookup, code first', () => {
    expect(selectionError('LF')?.code).toBe('invalid_nutzungsart');
    expect(selectionError('W', 'preis')?.code).toBe('invalid_field');
    expect(selectionError('X', 'preis')?.code).toBe('invalid_nutzungsart');
  });

  it('accepts blank, default and valid selections', () => {
    expect(selectionError()).toBeUndefined();
    expect(selectionError(' ', '')).toBeUndefined();
    expect(selectionError('so', 'Stichtag')).toBeUndefined();
  });
});
