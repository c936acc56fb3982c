import { describe, expect, it } from 'vitest';
import type { BodenrichtwertEntry } from '#shared/apiTypes.js';
import { parcelTable } from '#shared/client/parcelCells.js';
import {
  PUBLISHED_COLUMNS,
  readZoneArgument,
  zoneRows,
  zoneTable,
} from '#shared/client/zoneTable.js';
import { flurstueckResponse } from '#server/parcels/countedParcel.js';
import { MIXED_PARCEL } from '../../support/parcelAnswers.js';
import { FIXED_ZONE_HEADERS } from '../../support/zoneTableHeader.js';

const zone = (fields: Partial<BodenrichtwertEntry> & Pick<BodenrichtwertEntry, 'code'>) => ({
  nutzungsart: 'Wohnbaufläche',
  brw_euro_pro_m2: 1100,
  stichtag: '2024-01-01',
  gemeinde: 'Wiesbaden',
  gutachterausschuss: '',
  ...fields,
});

describe('zoneTable', () => {
  it('has a header row and one row per zone in canonical order, blanks where a zone publishes nothing', () => {
    const table = zoneTable([
      zone({ code: 'L', nutzungsart: 'Grünland', brw_euro_pro_m2: 3.5 }),
      zone({ code: 'W', bodenrichtwertnummer: '14001', wertrel_geschossflaechenzahl: 0.8 }),
    ]);
    expect(table[0]).toEqual([...FIXED_ZONE_HEADERS, 'Gemeinde']);
    expect(table[1]).toEqual([
      'Wohnbaufläche',
      'W',
      1100,
      '2024-01-01',
      '14001',
      '',
      '',
      '',
      0.8,
      'Wiesbaden',
    ]);
    expect(table[2]?.slice(0, 5)).toEqual(['Grünland', 'L', 3.5, '2024-01-01', '']);
    expect(table).toHaveLength(3);
  });

  it('adds a column for each further field some zone publishes, from the one list', () => {
    const table = zoneTable([
      zone({ code: 'W', bauweise: 'offene Bauweise', gutachterausschuss: 'GAA Wiesbaden' }),
      zone({ code: 'W', flaeche_m2: 500 }),
    ]);
    expect(table[0]?.slice(FIXED_ZONE_HEADERS.length)).toEqual([
      PUBLISHED_COLUMNS.gemeinde,
      PUBLISHED_COLUMNS.gutachterausschuss,
      PUBLISHED_COLUMNS.bauweise,
      PUBLISHED_COLUMNS.flaeche_m2,
    ]);
    expect(table[1]?.slice(FIXED_ZONE_HEADERS.length)).toEqual([
      'Wiesbaden',
      'GAA Wiesbaden',
      'offene Bauweise',
      '',
    ]);
    expect(table[2]?.slice(FIXED_ZONE_HEADERS.length)).toEqual(['Wiesbaden', '', '', 500]);
  });
});

describe('readZoneArgument', () => {
  it('reads text and numbers typed without quotes; blank is no zone', () => {
    expect(readZoneArgument(' 14002 ')).toBe('14002');
    expect(readZoneArgument(4712)).toBe('4712');
    expect(readZoneArgument('')).toBeUndefined();
    expect(readZoneArgument(null)).toBeUndefined();
  });
});

describe('zoneRows', () => {
  it('reads each zone row of a zone table with its land value and stichtag', () => {
    const table = zoneTable([
      zone({ code: 'L', nutzungsart: 'Grünland', brw_euro_pro_m2: 3.5, stichtag: '2023-01-01' }),
      zone({ code: 'W' }),
    ]);
    expect(zoneRows(table)).toEqual([
      { row: 1, bodenrichtwert: 1100, stichtag: '2024-01-01' },
      { row: 2, bodenrichtwert: 3.5, stichtag: '2023-01-01' },
    ]);
  });

  it('finds the zones of a parcel table under their own header, below the parcel’s rows', () => {
    const table = parcelTable(flurstueckResponse(MIXED_PARCEL));
    expect(table.ok && zoneRows(table.value)).toEqual([
      { row: 3, bodenrichtwert: 500, stichtag: '2024-01-01' },
      { row: 4, bodenrichtwert: 4, stichtag: '2024-01-01' },
    ]);
  });

  it('finds no zone in a table without the zone header, and reads a blank value or stichtag as unknown', () => {
    expect(zoneRows([['Flurstückskennzeichen'], ['03065100100124______']])).toEqual([]);
    expect(
      zoneRows([
        ['Bodenrichtwert', 'Stichtag'],
        ['', ''],
      ]),
    ).toEqual([{ row: 1, bodenrichtwert: undefined, stichtag: undefined }]);
  });
});
