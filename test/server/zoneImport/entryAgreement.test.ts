// The comparison behind `npm run zones:check`: entries paired per point by
// land use, a field counted where either side has it, points where one route
// has no zone and entries without a partner kept apart from disagreement.
import { describe, expect, it } from 'vitest';
import type { BodenrichtwertEntry } from '#shared/apiTypes.js';
import { entryAgreement } from '#server/zoneImport/entryAgreement.js';

const entry = (more: Partial<BodenrichtwertEntry> = {}): BodenrichtwertEntry =>
  ({
    nutzungsart: 'Wohnbaufläche',
    code: 'W',
    brw_euro_pro_m2: 400,
    stichtag: '2026-01-01',
    gemeinde: 'Berlin',
    gutachterausschuss: '',
    bodenrichtwertnummer: '1001',
    ...more,
  }) as BodenrichtwertEntry;
const at = (lat: number) => ({ lat, lon: 13.4 });

describe('entryAgreement', () => {
  it('counts per field, lists the differing points and keeps one-sided points apart', () => {
    const result = entryAgreement([
      { point: at(1), set: [entry()], live: [entry()] },
      {
        point: at(2),
        set: [entry({ geschossflaechenzahl: 1.2 })],
        live: [entry({ brw_euro_pro_m2: 450 })],
      },
      { point: at(3), set: [entry()], live: [] },
      {
        point: at(4),
        set: [entry(), entry({ code: 'G', nutzungsart: 'Gewerbe', brw_euro_pro_m2: 90 })],
        live: [entry()],
      },
    ]);
    expect(result.points).toBe(4);
    const field = (name: string) => result.fields.find((f) => f.field === name);
    expect(field('brw_euro_pro_m2')).toEqual({ field: 'brw_euro_pro_m2', equal: 2, compared: 3 });
    expect(field('stichtag')).toMatchObject({ equal: 3, compared: 3 });
    // Only one side has a GFZ at one point: that point counts, and differs.
    expect(field('geschossflaechenzahl')).toMatchObject({ equal: 0, compared: 1 });
    expect(field('bauweise')).toBeUndefined();
    expect(result.differing).toEqual([
      {
        point: at(2),
        differences: [
          { field: 'brw_euro_pro_m2', set: '400', live: '450' },
          { field: 'geschossflaechenzahl', set: '1,2', live: '–' },
        ],
      },
    ]);
    expect(result.oneSided).toEqual([{ point: at(3), without: 'live' }]);
    expect(result.unpaired).toEqual({ set: 1, live: 0 });
  });
});
