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
    entry({
      code: 'W',
      brw_euro_pro_m2: 5000,
      wertrel_geschossflaechenzahl: 2.5,
      bauweise: 'g',
      bodenrichtwertnummer: '4711',
    }),
    entry({ code: 'W', brw_euro_pro_m2: 1350.5, bodenrichtwertnummer: '4712' }),
  ],
  cache_hit: false,
  abgerufen_am: '2026-11-20T09:30:00.000Z',
  attribution: { text: 't', license_url: 'u', source_url: 's', year: 2025 },
  aktualitaet: { stichtag: '2025-01-01' },
  disclaimer: 'd',
};

const valueOf = (nutzungsart?: string, feld?: string, zone?: string) =>
  selectLookupValue(response, nutzungsart, feld, zone);
const codeOf = (nutzungsart?: string, feld?: string, zone?: string) => {
  const result = valueOf(nutzungsart, feld, zone);
  return result.ok ? 'ok' : result.error.code;
};

describe('selectLookupValue', () => {
  it('never picks one of several zones of the use whose values differ: it names them all', () => {
    for (const result of [valueOf(), valueOf('W'), valueOf(' w ', '')]) {
      expect(result.ok).toBe(false);
      if (result.ok) continue;
      expect(result.error.code).toBe('ambiguous_zone');
      expect(result.error.status).toBe(400);
      expect(result.error.message).toBe(
        '2 Zonen W: 5.000 EUR/m² (Nr. 4711), 1.350,5 EUR/m² (Nr. 4712) – Bodenrichtwertnummer als 5. Argument angeben',
      );
    }
    const field = valueOf('W', 'wertrel_geschossflaechenzahl');
    expect(!field.ok && field.error.message).toContain(
      'wertrel_geschossflaechenzahl 2,5 (Nr. 4711), wertrel_geschossflaechenzahl nicht veröffentlicht (Nr. 4712)',
    );
  });

  it('shows a field the matching zones agree on', () => {
    expect(valueOf('W', 'stichtag')).toEqual({ ok: true, value: '2025-01-01' });
    expect(valueOf(undefined, 'code')).toEqual({ ok: true, value: 'W' });
  });

  it('picks the zone by its Bodenrichtwertnummer, with or without the code', () => {
    expect(valueOf('W', undefined, '4712')).toEqual({ ok: true, value: 1350.5 });
    expect(valueOf(undefined, 'wertrel_geschossflaechenzahl', ' 4711 ')).toEqual({
      ok: true,
      value: 2.5,
    });
    const otherUse = valueOf('G', undefined, '4712');
    expect(!otherUse.ok && otherUse.error.code).toBe('no_data');
    expect(!otherUse.ok && otherUse.error.message).toBe(
      'Keine Zone mit der Bodenrichtwertnummer „4712“ der Nutzungsart G (Gewerbliche Baufläche) an dieser Adresse.',
    );
    expect(codeOf(undefined, undefined, '9999')).toBe('no_data');
  });

  it('picks the entry of the given code, read case-insensitively; brw_euro_pro_m2 by default', () => {
    expect(LOOKUP_FIELDS[0]).toBe('brw_euro_pro_m2');
    expect(valueOf('G')).toEqual({ ok: true, value: 900 });
    expect(valueOf(' w ', 'WERTREL_GESCHOSSFLAECHENZAHL', '4711')).toEqual({
      ok: true,
      value: 2.5,
    });
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
    expect(codeOf('W', 'bauweise', '4712')).toBe('no_data');
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
