import { describe, expect, it } from 'vitest';
import {
  fromStoredAnswer,
  outdatedAnswers,
  outdatedCellsText,
  toStoredAnswer,
  type StoredAnswer,
} from '#shared/client/storedAnswers.js';
import { AppError, LOOKUP_DISCLAIMER, type BodenrichtwertResponse } from '#shared/index.js';

const response = (
  stichtag: string,
  source = 'https://a.test/',
  hinweis?: string,
): BodenrichtwertResponse => ({
  address_input: 'x',
  address_resolved: 'x',
  coordinates: { lat: 52, lon: 13 },
  geocoding: { source: 'geocoder', match: 'geocoder' },
  bodenrichtwerte: [
    {
      nutzungsart: 'W',
      code: 'W',
      brw_euro_pro_m2: 1,
      stichtag,
      gemeinde: 'G',
      gutachterausschuss: '',
    },
  ],
  cache_hit: true,
  cache_stale: true,
  abgerufen_am: '2026-01-01T00:00:00Z',
  attribution: { text: '© A', license_url: 'https://l', source_url: source, year: 2024 },
  ...(hinweis ? { hinweis } : {}),
  aktualitaet: { stichtag },
  disclaimer: LOOKUP_DISCLAIMER,
});

const stored = (...args: Parameters<typeof response>): StoredAnswer => {
  const record = toStoredAnswer({ kind: 'found', response: response(...args) });
  if (!record) throw new Error('kept');
  return record;
};

describe('stored answers', () => {
  it('keep found answers without disclaimer and cache flags, and definite misses, never failures of the moment', () => {
    const found = stored('2024-01-01');
    expect(found.found).not.toHaveProperty('disclaimer');
    expect(found.found).not.toHaveProperty('cache_stale');
    expect(fromStoredAnswer(found)).toMatchObject({
      kind: 'found',
      response: { disclaimer: LOOKUP_DISCLAIMER },
    });
    const missing = toStoredAnswer(
      { kind: 'failed', error: new AppError('no_data', 'Keine Daten.') },
      '2020-01-01',
    );
    expect(missing).toEqual({
      error: { code: 'no_data', message: 'Keine Daten.' },
      asOf: '2020-01-01',
    });
    expect(fromStoredAnswer(missing)).toMatchObject({ kind: 'failed', error: { code: 'no_data' } });
    expect(
      toStoredAnswer({ kind: 'failed', error: new AppError('service_error', 'Weg.') }),
    ).toBeUndefined();
    expect(fromStoredAnswer({ error: { code: 'service_error', message: 'Weg.' } })).toBeUndefined();
    expect(fromStoredAnswer('kaputt')).toBeUndefined();
  });

  it('are outdated when the same source shows a newer stichtag or the service says so, never at a date asked for', () => {
    const answers = new Map<string, StoredAnswer>([
      ['old', stored('2024-01-01')],
      ['new', stored('2026-01-01')],
      ['other source', stored('2022-01-01', 'https://b.test/')],
      ['noted', stored('2022-01-01', 'https://c.test/', 'Neuere Bodenrichtwerte …')],
      ['dated', { ...stored('2020-01-01'), asOf: '2020-06-01' }],
    ]);
    expect([...outdatedAnswers(answers)].sort()).toEqual(['noted', 'old']);
    expect(outdatedCellsText(12)).toBe('12 Zellen: neuere Bodenrichtwerte veröffentlicht');
    expect(outdatedCellsText(1)).toBe('1 Zelle: neuere Bodenrichtwerte veröffentlicht');
  });
});
