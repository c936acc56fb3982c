import { describe, expect, it } from 'vitest';
import { parcelLandValue, parcelTable, parcelValueFacts } from '#shared/client/parcelCells.js';
import { flurstueckResponse } from '#server/parcels/countedParcel.js';
import type { FlurstueckResponse } from '#shared/parcelTypes.js';
import { MIXED_PARCEL, SPLIT_PARCEL } from '../../support/parcelAnswers.js';

const split = flurstueckResponse(SPLIT_PARCEL);
const mixed = flurstueckResponse(MIXED_PARCEL);

const errorOf = (result: { ok: boolean; error?: { code: string; message: string } }) =>
  result.ok ? undefined : result.error;

describe('the parcel functions’ cells', () => {
  it('show the parcel row and the zone shares as one rectangular table', () => {
    const table = parcelTable(mixed);
    expect(table.ok && table.value).toEqual([
      [
        'Flurstückskennzeichen',
        'Gemarkung',
        'Flur',
        'Flurstück',
        'Amtliche Fläche (m²)',
        'Nutzung',
        'Land',
      ],
      ['03065100100124______', 'Hannover', 1, '124', 1000, '', 'NI'],
      [
        'Bodenrichtwertnummer',
        'Nutzungsart',
        'Kürzel',
        'Bodenrichtwert',
        'Stichtag',
        'Fläche (m²)',
        'Anteil',
      ],
      ['0651003', 'Gemischte Baufläche', 'M', 500, '2024-01-01', 600, 0.6],
      ['0651900', 'Landwirtschaftliche Fläche', 'L', 4, '2024-01-01', 400, 0.4],
    ]);
    const farmland = parcelTable(mixed, 'l');
    expect(farmland.ok && farmland.value.slice(3).map((row) => row[2])).toEqual(['L']);
    expect(errorOf(parcelTable(mixed, 'X'))?.code).toBe('invalid_nutzungsart');
  });

  it('give the land value of the only use, summed exactly over its zones', () => {
    expect(parcelLandValue(split)).toEqual({ ok: true, value: 420_000 });
    expect(parcelLandValue(split, 'W')).toEqual({ ok: true, value: 420_000 });
  });

  it('refuse to pick one of two uses by themselves and name both with their values', () => {
    const error = errorOf(parcelLandValue(mixed));
    expect(error?.code).toBe('ambiguous_zone');
    expect(error?.message).toBe(
      '2 Nutzungsarten auf dem Flurstück: M Gemischte Baufläche 300.000 EUR, ' +
        'L Landwirtschaftliche Fläche 1.600 EUR – Nutzungsart als 2. Argument angeben',
    );
    expect(parcelLandValue(mixed, 'm')).toEqual({ ok: true, value: 300_000 });
    expect(errorOf(parcelLandValue(mixed, 'G'))?.message).toContain('Nutzungsart G');
  });

  it('give the converted value with a GFZ, or say why a use is not converted', () => {
    const converted: FlurstueckResponse = {
      ...split,
      bodenwert: split.bodenwert.map((use) => ({ ...use, bodenwert_gfz_euro: 441_000 })),
    };
    expect(parcelLandValue(converted, 'W', 1.4)).toEqual({ ok: true, value: 441_000 });
    const notConverted: FlurstueckResponse = {
      ...split,
      bodenwert: split.bodenwert.map((use) => ({
        ...use,
        zonen: use.zonen.map((zone) => ({
          ...zone,
          gfz_umrechnung: { hinweis: 'Zone 0651002 veröffentlicht keine wertrelevante GFZ.' },
        })),
      })),
    };
    expect(errorOf(parcelLandValue(notConverted, 'W', 1.4))).toMatchObject({
      code: 'no_data',
      message: 'Zone 0651002 veröffentlicht keine wertrelevante GFZ.',
    });
  });

  it('say why a parcel without zones has no land value', () => {
    const road: FlurstueckResponse = {
      ...split,
      zonen: [],
      bodenwert: [],
      hinweis: 'Straßenverkehrsfläche: das Flurstück wird nicht bewertet.',
    };
    expect(errorOf(parcelLandValue(road))?.message).toBe(road.hinweis);
  });

  it('name the land value and stichtag behind a fixed value where the zones of its use share them', () => {
    // Two residential zones of 500 and 300 EUR/m², both of 1 January 2024.
    expect(parcelValueFacts(split)).toEqual({ bodenrichtwert: undefined, stichtag: '2024-01-01' });
    expect(parcelValueFacts(mixed, 'm')).toEqual({ bodenrichtwert: 500, stichtag: '2024-01-01' });
    expect(parcelValueFacts(mixed, 'L')).toEqual({ bodenrichtwert: 4, stichtag: '2024-01-01' });
    const newer = {
      ...split,
      zonen: split.zonen.map((zone, i) => ({
        ...zone,
        stichtag: i === 0 ? '2025-01-01' : zone.stichtag,
      })),
    };
    expect(parcelValueFacts(newer)?.stichtag).toBeUndefined();
    // No value shown, no facts: two uses without a chosen one, a use not on the parcel.
    expect(parcelValueFacts(mixed)).toBeUndefined();
    expect(parcelValueFacts(mixed, 'G')).toBeUndefined();
  });
});
