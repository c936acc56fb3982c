// The answer's text is JSON.stringify of the answer's object whatever the
// request and the result, and the values' text written once per entry set
// is reached only by the same entries, filter and source.
import { describe, expect, it } from 'vitest';
import type { ZonedEntry } from '#server/geo/zoneOutline.js';
import type { GeocodedPlace } from '#server/geocoding/geocoder/geocoder.js';
import { answerTextWriter } from '#server/lookup/answerText.js';
import type { LookupResult } from '#server/lookup/lookupService.js';
import { buildLookupResponse } from '#server/lookup/responseBody.js';
import type { ConfiguredSource } from '#server/sources/sourceDefinition.js';
import type { LandUseCode } from '#shared/landUse.js';

const SOURCE = {
  state: 'DE-NI',
  name: 'Niedersachsen',
  owners: ['LGLN'],
  license: 'dl-de/by-2-0',
  sourceUrl: 'https://www.geobasis.niedersachsen.de',
} as unknown as ConfiguredSource;

const ENTRIES: ZonedEntry[] = [
  {
    nutzungsart: 'Gewerbe',
    code: 'G',
    brw_euro_pro_m2: 120,
    stichtag: '2025-01-01',
    gemeinde: 'Hannover',
    gutachterausschuss: 'GAG Hannover',
  },
  {
    nutzungsart: 'Wohnbaufläche',
    code: 'W',
    brw_euro_pro_m2: 650,
    stichtag: '2026-01-01',
    gemeinde: 'Hannover',
    gutachterausschuss: 'GAG Hannover',
    hinweise: ['Die Zone ist nur im Übersichtsdienst verzeichnet.'],
  },
];

const PLACE: GeocodedPlace = {
  lat: 52.3744,
  lon: 9.7386,
  displayName: 'Georgstraße 10, 30159 Hannover',
  state: 'DE-NI',
  municipality: 'Hannover',
};

function result(overrides: Partial<LookupResult> = {}): LookupResult {
  return {
    place: PLACE,
    source: SOURCE,
    entries: ENTRIES,
    fetchedAt: new Date('2026-11-20T08:00:00.123Z'),
    cacheHit: true,
    stale: false,
    asOf: '2026-11-22',
    aktualitaet: { stichtag: '2026-01-01' },
    ...overrides,
  };
}

const objectText = (input: string, r: LookupResult, filter: readonly LandUseCode[] = []) =>
  JSON.stringify(buildLookupResponse(input, r, filter));

describe('the text of a lookup answer', () => {
  it('is the JSON of the answer object for every kind of request and result', () => {
    const text = answerTextWriter();
    const official: GeocodedPlace = {
      ...PLACE,
      official: {
        match: 'exact',
        quality: 'A',
        dataset: 'Hauskoordinaten Niedersachsen 2026-10',
        credit: { text: '© LGLN', license_url: 'https://www.govdata.de/dl-de/by-2-0' },
      },
      warnings: ['postcode'],
    };
    const cases: [string, LookupResult, LandUseCode[]][] = [
      ['Georgstraße 10, Hannover', result(), []],
      ['  georgstr. 10 "Hannover" </x>\u2028', result(), ['W']],
      ['Georgstraße 10', result({ stale: true, cacheHit: true }), ['G', 'W']],
      ['Georgstraße 10', result({ cacheHit: false }), ['G']],
      ['Georgstraße 10', result({ place: official }), []],
      [
        'Georgstraße 10',
        result({
          aktualitaet: {
            stichtag: '2026-01-01',
            stichtag_angeboten: '2026-07-01',
            hinweis: 'Neuere Werte sind angeboten.',
          },
          zoneSet: { name: 'BRW Niedersachsen', stichtag: '2026-01-01' },
        }),
        [],
      ],
      [
        'Georgstraße 10',
        result({ source: { ...SOURCE, viewerUrl: 'https://immobilienmarkt.niedersachsen.de' } }),
        [],
      ],
    ];
    for (const [input, r, filter] of cases) {
      // Twice: written, then with the values' text remembered.
      expect(text(input, r, filter)).toBe(objectText(input, r, filter));
      expect(text(input, r, filter)).toBe(objectText(input, r, filter));
    }
  });

  it('reaches the remembered values only with the same entry set, filter and source', () => {
    const text = answerTextWriter();
    const held = result();
    expect(text('a', held, [])).toBe(objectText('a', held, []));
    // Another filter on the same entries.
    expect(text('a', held, ['G'])).toBe(objectText('a', held, ['G']));
    // The same source renewed: an entry set of its own, with other values.
    const renewed = result({ entries: ENTRIES.map((e) => ({ ...e, brw_euro_pro_m2: 1 })) });
    expect(text('a', renewed, [])).toBe(objectText('a', renewed, []));
    // Another source object for the same entries (a reloaded registry with a viewer link).
    const viewer = result({ source: { ...SOURCE, viewerUrl: 'https://viewer.example' } });
    expect(text('a', viewer, [])).toBe(objectText('a', viewer, []));
    expect(text('a', held, [])).toBe(objectText('a', held, []));
  });

  it('answers no_data for a filter that keeps nothing, remembered or not', () => {
    const text = answerTextWriter();
    expect(() => text('a', result(), ['L'])).toThrow(expect.objectContaining({ code: 'no_data' }));
    expect(() => text('a', result(), ['L'])).toThrow(expect.objectContaining({ code: 'no_data' }));
  });
});
