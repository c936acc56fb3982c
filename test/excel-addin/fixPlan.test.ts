// "Werte fixieren" for the parcel formulas (fixPlan.ts): BRW.FLURSTUECK and
// BRW.BODENWERT_FLURSTUECK become what they show of their kept parcel answer,
// with the notes a value needs without the add-in; a formula whose answer is
// not kept, or whose record does not say which function it is, stays.
import { describe, expect, it } from 'vitest';
import {
  ErrorCode,
  toStoredAnswer,
  type BodenrichtwertResponse,
  parcelAnswerKey,
  toStoredParcel,
  type FlurstueckResponse,
  type StoredParcel,
} from '#shared/index.js';
import { flurstueckResponse } from '#server/parcels/countedParcel.js';
import {
  NOT_FINAL,
  coverageOf,
  planFix,
  type KeptAnswers,
} from '../../excel-addin/src/fixing/fixPlan.js';
import type { CellRecord } from '../../excel-addin/src/lookup/workbookAnswers.js';
import {
  MIXED_KENNZEICHEN,
  MIXED_PARCEL,
  SPLIT_KENNZEICHEN,
  SPLIT_PARCEL,
} from '../support/parcelAnswers.js';

const mixedKey = parcelAnswerKey({ target: MIXED_KENNZEICHEN });
const splitKey = parcelAnswerKey({ target: SPLIT_KENNZEICHEN });
const unknownKey = parcelAnswerKey({ target: '03065100100999______' });

function stored(response: FlurstueckResponse): StoredParcel {
  const record = toStoredParcel({ kind: 'found', response });
  if (record === undefined) throw new Error('a found parcel is kept');
  return record;
}

const kept: KeptAnswers = {
  answers: new Map(),
  parcels: new Map([
    [mixedKey, stored(flurstueckResponse(MIXED_PARCEL))],
    [splitKey, stored(flurstueckResponse(SPLIT_PARCEL))],
    [
      unknownKey,
      { error: { code: ErrorCode.parcelNotFound, message: 'Flurstück nicht gefunden.' } },
    ],
  ]),
};

const noErrorShown = () => false;
const fix = (record: CellRecord) => planFix(record, kept, noErrorShown);

const SOURCE = [
  'Abrufdatum: 02.11.2026',
  'Quelle: Gutachterausschüsse für Grundstückswerte Niedersachsen (2024), dl-de/by-2-0; © LGLN, dl-de/by-2-0, https://immobilienmarkt.niedersachsen.de',
  'Lizenz: Datenlizenz Deutschland – Namensnennung – Version 2.0 (dl-de/by-2-0), https://www.govdata.de/dl-de/by-2-0',
];

describe('"Werte fixieren" for the parcel formulas', () => {
  it('fixes BRW.FLURSTUECK as its table, each zone row with its own value and stichtag as note', () => {
    const record: CellRecord = { keys: [[mixedKey]], parcel: 'table' };
    expect(coverageOf(record, kept)).toEqual({ rows: 5, columns: 7 });
    const plan = fix(record);
    if (plan === NOT_FINAL) throw new Error('the answer is kept');
    expect(plan.values.slice(3)).toEqual([
      ['0651003', 'Gemischte Baufläche', 'M', 500, '2024-01-01', 600, 0.6],
      ['0651900', 'Landwirtschaftliche Fläche', 'L', 4, '2024-01-01', 400, 0.4],
    ]);
    expect(plan.values[1]?.[0]).toBe(MIXED_KENNZEICHEN);
    expect(plan.errors).toEqual([]);
    expect(plan.notes).toEqual([
      {
        row: 3,
        column: 0,
        kind: 'source',
        lines: ['Bodenrichtwert: 500 EUR/m²', 'Stichtag: 01.01.2024', ...SOURCE],
      },
      {
        row: 4,
        column: 0,
        kind: 'source',
        lines: ['Bodenrichtwert: 4 EUR/m²', 'Stichtag: 01.01.2024', ...SOURCE],
      },
    ]);
  });

  it('keeps the use the table was asked for', () => {
    const record: CellRecord = { keys: [[mixedKey]], parcel: 'table', nutzungsart: 'l' };
    expect(coverageOf(record, kept)).toEqual({ rows: 4, columns: 7 });
    const plan = fix(record);
    expect(plan !== NOT_FINAL && plan.notes.map((note) => note.row)).toEqual([3]);
  });

  it('fixes BRW.BODENWERT_FLURSTUECK as its euro value, noting the land value of its zones where they share one', () => {
    const farmland = fix({ keys: [[mixedKey]], parcel: 'value', nutzungsart: 'L' });
    expect(farmland).toEqual({
      values: [[1600]],
      errors: [],
      notes: [
        {
          row: 0,
          column: 0,
          kind: 'source',
          lines: ['Bodenrichtwert: 4 EUR/m²', 'Stichtag: 01.01.2024', ...SOURCE],
        },
      ],
    });
    // Two residential zones of 500 and 300 EUR/m²: 420,000 EUR over both.
    const split = fix({ keys: [[splitKey]], parcel: 'value' });
    expect(split !== NOT_FINAL && split.values).toEqual([[420_000]]);
    expect(split !== NOT_FINAL && split.notes[0]?.lines.slice(0, 2)).toEqual([
      'Bodenrichtwert: mehrere Zonen',
      'Stichtag: 01.01.2024',
    ]);
  });

  it('fixes what the cell shows when it shows an error: #NV with the message as note', () => {
    const ambiguous = fix({ keys: [[mixedKey]], parcel: 'value' });
    expect(ambiguous !== NOT_FINAL && ambiguous.errors).toEqual([{ row: 0, column: 0 }]);
    expect(ambiguous !== NOT_FINAL && ambiguous.notes[0]?.lines[0]).toMatch(
      /^Fehler: 2 Nutzungsarten auf dem Flurstück: M Gemischte Baufläche 300\.000 EUR/,
    );
    const unknown = fix({ keys: [[unknownKey]], parcel: 'table' });
    expect(unknown).toEqual({
      values: [['']],
      errors: [{ row: 0, column: 0 }],
      notes: [{ row: 0, column: 0, kind: 'error', lines: ['Fehler: Flurstück nicht gefunden.'] }],
    });
    expect(coverageOf({ keys: [[unknownKey]], parcel: 'table' }, kept)).toEqual({
      rows: 1,
      columns: 1,
    });
  });

  it('leaves a formula whose answer is not kept, and one recorded before the add-in told table and value apart', () => {
    const notKept = parcelAnswerKey({ target: MIXED_KENNZEICHEN, stichtag: '2020-01-01' });
    expect(fix({ keys: [[notKept]], parcel: 'value', nutzungsart: 'M' })).toBe(NOT_FINAL);
    expect(fix({ keys: [[mixedKey]], parcel: true })).toBe(NOT_FINAL);
    expect(coverageOf({ keys: [[mixedKey]], parcel: true }, kept)).toEqual({ rows: 1, columns: 1 });
  });

  it('says in the note of a converted value that it is converted, and to which GFZ', () => {
    const split = flurstueckResponse(SPLIT_PARCEL);
    const converted = {
      ...split,
      bodenwert: split.bodenwert.map((use) => ({ ...use, bodenwert_gfz_euro: 441_000 })),
    };
    const key = parcelAnswerKey({ target: SPLIT_KENNZEICHEN, gfz: 1.4 });
    const withConverted: KeptAnswers = {
      answers: new Map(),
      parcels: new Map([[key, stored(converted)]]),
    };
    const plan = planFix({ keys: [[key]], parcel: 'value', gfz: 1.4 }, withConverted, noErrorShown);
    expect(plan !== NOT_FINAL && plan.values).toEqual([[441_000]]);
    expect(plan !== NOT_FINAL && plan.notes[0]?.lines.slice(0, 3)).toEqual([
      'Bodenrichtwert: mehrere Zonen',
      'Stichtag: 01.01.2024',
      'Umgerechnet auf GFZ 1,4 mit der amtlichen Standardformel (orientierend; ersetzt nicht die Umrechnungstabelle des Gutachterausschusses)',
    ]);
  });

  it('fixes the value converted to the GFZ the formula asked, or its reason where none is', () => {
    // The kept answer was asked without a GFZ, so it has no converted value.
    const converted = fix({ keys: [[splitKey]], parcel: 'value', gfz: 1.4 });
    expect(converted !== NOT_FINAL && converted.errors).toEqual([{ row: 0, column: 0 }]);
    expect(converted !== NOT_FINAL && converted.notes[0]?.lines).toEqual([
      'Fehler: Nicht jede Zone dieser Nutzungsart veröffentlicht eine wertrelevante GFZ.',
    ]);
  });
});

describe('"Werte fixieren" for an address lookup', () => {
  it('notes the answer’s geocoding warnings beside the source', () => {
    const response: BodenrichtwertResponse = {
      address_input: 'Rüttenscheider Straße 24 7, 45130 Essen',
      address_resolved: 'Rüttenscheider Straße, 45130 Essen',
      coordinates: { lat: 51.4392, lon: 7.0094 },
      geocoding: { source: 'geocoder', match: 'geocoder', warnings: ['number_unexplained'] },
      bodenrichtwerte: [
        {
          nutzungsart: 'Wohnbaufläche',
          code: 'W',
          brw_euro_pro_m2: 480,
          stichtag: '2026-01-01',
          gemeinde: 'Essen',
          gutachterausschuss: 'Gutachterausschuss Essen',
        },
      ],
      cache_hit: false,
      abgerufen_am: '2026-11-20T09:30:00.000Z',
      attribution: { text: 't', license_url: 'u', source_url: 's', year: 2026 },
      aktualitaet: { stichtag: '2026-01-01' },
      disclaimer: 'd',
    };
    const answer = toStoredAnswer({ kind: 'found', response });
    if (answer === undefined) throw new Error('a found answer is kept');
    const plan = planFix(
      { keys: [['a']] },
      { answers: new Map([['a', answer]]), parcels: new Map() },
      noErrorShown,
    );
    expect(plan !== NOT_FINAL && plan.values).toEqual([[480]]);
    expect(plan !== NOT_FINAL && plan.notes[0]?.lines.at(-1)).toMatch(
      /^Adresse: Keine amtliche Hauskoordinate: Die Adresse enthält eine Zahl/,
    );
  });
});

describe('a function asking a GET of its own (BRW.IMMOBILIENRICHTWERT, BRW.LIEGENSCHAFTSZINS)', () => {
  const source = {
    text: '© Gutachterausschuss für Grundstückswerte in der Stadt Dortmund (2026)',
    license_url: 'https://www.govdata.de/dl-de/zero-2-0',
    source_url: 'https://www.opengeodata.nrw.de/',
    year: 2026,
  };
  const withRequests: KeptAnswers = {
    answers: new Map(),
    parcels: new Map(),
    requests: new Map([
      ['irw', { v: 3100, s: '2026-01-01', a: '2026-11-20', q: source, h: ['Weiterer …'] }],
      ['lzs', { e: { code: ErrorCode.restrictedState, message: 'Keine offenen Daten.' } }],
    ]),
  };

  it('becomes its value with a note naming the value, or #NV with the kept error', () => {
    const plan = planFix(
      { keys: [['irw']], request: 'IMMOBILIENRICHTWERT' },
      withRequests,
      noErrorShown,
    );
    expect(plan).toMatchObject({ values: [[3100]], errors: [] });
    const lines = plan === NOT_FINAL ? [] : (plan.notes[0]?.lines ?? []);
    expect(lines[0]).toBe('Immobilienrichtwert: 3.100 EUR/m² Wohnfläche');
    expect(lines).toContain('Stichtag: 01.01.2026');
    expect(lines).toContain('Hinweis: Weiterer …');
    expect(
      planFix({ keys: [['lzs']], request: 'LIEGENSCHAFTSZINS' }, withRequests, noErrorShown),
    ).toMatchObject({
      errors: [{ row: 0, column: 0 }],
      notes: [{ lines: ['Fehler: Keine offenen Daten.'], kind: 'error' }],
    });
    expect(
      planFix({ keys: [['none']], request: 'LIEGENSCHAFTSZINS' }, withRequests, noErrorShown),
    ).toBe(NOT_FINAL);
  });
});
