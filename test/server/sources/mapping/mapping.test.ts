import { describe, expect, it } from 'vitest';
import {
  mapNewestEntries,
  mapRecord,
  RAW_TEXT_LIMIT,
  type MappingContext,
  type SkippedRecord,
  type UnreadableValue,
} from '#server/sources/mapping/entryMapper.js';
import {
  parsePublishedDate,
  parsePublishedNumber,
} from '#server/sources/mapping/publishedValues.js';
import type { SourceRecord } from '#server/sources/sourceRecord.js';
import { berlinDay } from '#server/time/berlinDay.js';

const skipped: SkippedRecord[] = [];
const unreadable: UnreadableValue[] = [];
const context: MappingContext = {
  fallbackGemeinde: 'Geocodeort',
  today: '2026-11-22',
  numberFormat: 'xml',
  onSkipped: (record) => skipped.push(record),
  onUnreadable: (value) => unreadable.push(value),
};
const base: SourceRecord = {
  brw: '250',
  stichtag: '2026-01-01',
  nutzung: 'WA',
  gemeinde: 'Hannover',
};

describe('published numbers and dates', () => {
  it.each([
    ['10500.0', 10500],
    ['1150', 1150],
    ['1.5', 1.5],
    ['1.150', 1.15],
    ['0.8', 0.8],
    ['1234,56', 1234.56],
    [' 3,5 ', 3.5],
  ])('reads the machine value (xml) %j as %d', (text, value) => {
    expect(parsePublishedNumber(text, 'xml')).toBe(value);
  });

  it.each([
    ['1.150', 1150],
    ['1.150,5', 1150.5],
    ['1.150,00', 1150],
    ['1150', 1150],
    ['0,8', 0.8],
    ['1.234.567', 1234567],
    [' 4,20 ', 4.2],
  ])('reads the German text (de) %j as %d', (text, value) => {
    expect(parsePublishedNumber(text, 'de')).toBe(value);
  });

  it.each([
    ['xml', '1.234,56'],
    ['xml', '1.234.567'],
    ['de', '1.5'],
    ['de', '1.15'],
    ['de', '0.800'],
    ['de', '1150.00'],
    ['de', '1,150.00'],
  ] as const)(
    'refuses the %s value %j, which the format does not allow, instead of guessing',
    (format, text) => {
      expect(parsePublishedNumber(text, format)).toBeUndefined();
    },
  );

  it.each(['', 'abc', '1,2,3', '1e3', 'NaN', '12 €'])('rejects %j in both formats', (text) => {
    expect(parsePublishedNumber(text, 'xml')).toBeUndefined();
    expect(parsePublishedNumber(text, 'de')).toBeUndefined();
  });

  it.each([
    ['2026-01-01', '2026-01-01'],
    ['2026-01-01Z', '2026-01-01'],
    ['2026-01-01T00:00:00+01:00', '2026-01-01'],
    ['01.01.2026', '2026-01-01'],
    ['1.7.2024', '2024-07-01'],
  ])('reads the date %j', (text, date) => {
    expect(parsePublishedDate(text)).toBe(date);
  });

  it.each(['2026-02-30', '31.13.2026', '2026', 'gestern'])('rejects the date %j', (text) => {
    expect(parsePublishedDate(text)).toBeUndefined();
  });
});

describe('mapping a record to an entry', () => {
  it('keeps published texts, parses numbers and leaves empty values out', () => {
    const entry = mapRecord(
      {
        ...base,
        ergaenzung: 'EFH',
        gutachterausschuss: 'GAA Hannover',
        bodenrichtwertnummer: '04305001',
        bauweise: 'o',
        wertrel_geschossflaechenzahl: '0,8',
        grundflaechenzahl: 'keine',
      },
      context,
    );
    expect(entry).toEqual({
      nutzungsart: 'Allgemeines Wohngebiet (Ein- und Zweifamilienhäuser)',
      code: 'W',
      brw_euro_pro_m2: 250,
      stichtag: '2026-01-01',
      gemeinde: 'Hannover',
      gutachterausschuss: 'GAA Hannover',
      bodenrichtwertnummer: '04305001',
      bauweise: 'offene Bauweise',
      wertrel_geschossflaechenzahl: 0.8,
    });
  });

  it('always has gutachterausschuss, empty when the source names none', () => {
    const entry = mapRecord(base, context);
    expect(entry).toHaveProperty('gutachterausschuss', '');
    expect(Object.values(entry ?? {})).not.toContain(null);
  });

  it('takes the geocoded municipality only when the source names no Gemeinde', () => {
    const { gemeinde: _omit, ...withoutGemeinde } = base;
    expect(mapRecord(withoutGemeinde, context)?.gemeinde).toBe('Geocodeort');
  });

  it('reads the fields a valuation report needs', () => {
    const entry = mapRecord(
      {
        ...base,
        entwicklungszustand: 'B',
        beitragszustand: '1000',
        flaeche_m2: '600',
        tiefe_m: '35,5',
      },
      context,
    );
    expect(entry).toMatchObject({
      entwicklungszustand: 'baureifes Land',
      beitragszustand: 'beitragsfrei',
      flaeche_m2: 600,
      tiefe_m: 35.5,
    });
  });

  it('leaves an unknown code out of the entry and tells which value it was', () => {
    unreadable.length = 0;
    const entry = mapRecord(
      { ...base, bodenrichtwertnummer: '0815', entwicklungszustand: 'XY', beitragszustand: '2' },
      context,
    );
    expect(entry).not.toHaveProperty('entwicklungszustand');
    expect(entry).not.toHaveProperty('beitragszustand');
    expect(entry?.brw_euro_pro_m2).toBe(250);
    expect(unreadable).toEqual([
      { field: 'entwicklungszustand', raw: 'XY', zone: '0815' },
      { field: 'beitragszustand', raw: '2', zone: '0815' },
    ]);
  });

  it('keeps the full-storey count as vollgeschosszahl, never as a GFZ', () => {
    const entry = mapRecord({ ...base, vollgeschosszahl: '4' }, context);
    expect(entry?.vollgeschosszahl).toBe(4);
    expect(entry).not.toHaveProperty('geschossflaechenzahl');
    expect(entry).not.toHaveProperty('wertrel_geschossflaechenzahl');
  });

  it.each([
    [{ brw: undefined }, { field: 'brw', reason: 'no readable land value' }],
    [
      { brw: 'auf Anfrage' },
      { field: 'brw', reason: 'no readable land value', raw: 'auf Anfrage' },
    ],
    [{ brw: '-5' }, { field: 'brw', reason: 'no readable land value', raw: '-5' }],
    [{ stichtag: undefined }, { field: 'stichtag', reason: 'no readable stichtag' }],
    [{ stichtag: '2026' }, { field: 'stichtag', reason: 'no readable stichtag', raw: '2026' }],
    [{ nutzung: undefined }, { field: 'nutzung', reason: 'unknown land use' }],
    [{ nutzung: 'LF' }, { field: 'nutzung', reason: 'unknown land use', raw: 'LF' }],
  ])(
    'leaves out a record with %j instead of inventing a value, and says which text',
    (change, why) => {
      skipped.length = 0;
      expect(mapRecord({ ...base, ...change }, context)).toBeUndefined();
      expect(skipped).toEqual([why]);
    },
  );

  it('names the zone of a record left out, and cuts an overlong published text', () => {
    skipped.length = 0;
    const long = `XY ${'x'.repeat(500)}`;
    mapRecord({ ...base, bodenrichtwertnummer: '0815', nutzung: long }, context);
    expect(skipped).toEqual([
      {
        field: 'nutzung',
        reason: 'unknown land use',
        raw: long.slice(0, RAW_TEXT_LIMIT),
        zone: '0815',
      },
    ]);
  });
});

describe('newest stichtag per zone', () => {
  it('keeps only the newest stichtag of each zone and every zone at the point', () => {
    const entries = mapNewestEntries(
      [
        { ...base, bodenrichtwertnummer: '1', stichtag: '2024-01-01', brw: '200' },
        { ...base, bodenrichtwertnummer: '1', stichtag: '2026-01-01', brw: '250' },
        { ...base, bodenrichtwertnummer: '2', stichtag: '2022-01-01', brw: '90', nutzung: 'GE' },
        { ...base, bodenrichtwertnummer: '1', stichtag: '2026-01-01', brw: '250' },
      ],
      context,
    );
    expect(entries.map((e) => [e.bodenrichtwertnummer, e.stichtag, e.brw_euro_pro_m2])).toEqual([
      ['1', '2026-01-01', 250],
      ['2', '2022-01-01', 90],
    ]);
  });

  it('tells zones without a number apart by their use', () => {
    const entries = mapNewestEntries(
      [
        { ...base, stichtag: '2024-01-01' },
        { ...base, stichtag: '2026-01-01' },
        { ...base, nutzung: 'A', brw: '4,5', stichtag: '2024-01-01' },
      ],
      context,
    );
    expect(entries.map((e) => [e.code, e.stichtag])).toEqual([
      ['W', '2026-01-01'],
      ['L', '2024-01-01'],
    ]);
  });
});

describe('number format of the source', () => {
  it('reads a bare German thousands separator only where the source writes German text', () => {
    const record = { ...base, brw: '1.150', wertrel_geschossflaechenzahl: '0,8' };
    expect(mapRecord(record, { ...context, numberFormat: 'de' })).toMatchObject({
      brw_euro_pro_m2: 1150,
      wertrel_geschossflaechenzahl: 0.8,
    });
    expect(mapRecord(record, context)?.brw_euro_pro_m2).toBe(1.15);
  });

  it('leaves out a German-text record whose value is ambiguous, and says why', () => {
    skipped.length = 0;
    expect(mapRecord({ ...base, brw: '1.5' }, { ...context, numberFormat: 'de' })).toBeUndefined();
    expect(skipped).toEqual([{ field: 'brw', reason: 'no readable land value', raw: '1.5' }]);
  });
});

describe('stichtage after today', () => {
  const zone = (stichtag: string, brw: string): SourceRecord => ({
    ...base,
    bodenrichtwertnummer: '1',
    stichtag,
    brw,
  });
  const records = [zone('2024-01-01', '200'), zone('2026-01-01', '250'), zone('2027-01-01', '300')];

  it('are dropped before the newest stichtag per zone is chosen', () => {
    const entries = mapNewestEntries(records, { ...context, today: '2026-11-22' });
    expect(entries.map((e) => [e.stichtag, e.brw_euro_pro_m2])).toEqual([['2026-01-01', 250]]);
  });

  it('count from the stichtag itself on', () => {
    const entries = mapNewestEntries(records, { ...context, today: '2027-01-01' });
    expect(entries.map((e) => e.stichtag)).toEqual(['2027-01-01']);
  });

  it('leave a zone out whose every stichtag lies ahead, never inventing one', () => {
    expect(mapNewestEntries(records, { ...context, today: '2023-12-31' })).toEqual([]);
  });

  it('are judged by the calendar day in Germany', () => {
    expect(berlinDay(new Date('2025-12-31T22:59:59Z'))).toBe('2025-12-31');
    expect(berlinDay(new Date('2025-12-31T23:00:00Z'))).toBe('2026-01-01');
    expect(berlinDay(new Date('2026-06-30T22:30:00Z'))).toBe('2026-07-01');
  });
});
