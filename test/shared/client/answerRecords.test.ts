import { describe, expect, it } from 'vitest';
import {
  FOUND_ANSWER_TTL_MS,
  SHORT_ANSWER_TTL_MS,
  fromAnswerRecord,
  toAnswerRecord,
} from '#shared/client/answerRecords.js';
import {
  AppError,
  buildAttribution,
  LOOKUP_DISCLAIMER,
  type BodenrichtwertResponse,
} from '#shared/index.js';

const now = Date.parse('2026-11-22T08:00:00Z');
const response: BodenrichtwertResponse = {
  address_input: 'A 1',
  address_resolved: 'A 1',
  coordinates: { lat: 52.4, lon: 9.7 },
  geocoding: { source: 'geocoder', match: 'geocoder' },
  bodenrichtwerte: [],
  cache_hit: false,
  abgerufen_am: '2026-11-20T09:30:00.000Z',
  attribution: buildAttribution({ owners: ['GAG'], year: 2026, sourceUrl: 'https://x.test/' }),
  aktualitaet: { stichtag: '2026-01-01' },
  disclaimer: LOOKUP_DISCLAIMER,
};

describe('answer records', () => {
  it('keeps a found value for the fresh-cache window, a stale one for an hour', () => {
    const record = toAnswerRecord({ kind: 'found', response }, now);
    expect(record?.expiresAt).toBe(now + FOUND_ANSWER_TTL_MS);
    expect(fromAnswerRecord(record, now + FOUND_ANSWER_TTL_MS - 1)).toEqual({
      kind: 'found',
      response,
    });
    expect(fromAnswerRecord(record, now + FOUND_ANSWER_TTL_MS)).toBeUndefined();
    const stale = toAnswerRecord(
      { kind: 'found', response: { ...response, cache_stale: true } },
      now,
    );
    expect(stale?.expiresAt).toBe(now + SHORT_ANSWER_TTL_MS);
  });

  it('keeps answers about the address, never failures of the moment', () => {
    const missing = toAnswerRecord(
      { kind: 'failed', error: new AppError('address_not_found', 'Nicht gefunden.') },
      now,
    );
    expect(fromAnswerRecord(JSON.parse(JSON.stringify(missing)), now)).toMatchObject({
      kind: 'failed',
      error: { code: 'address_not_found', message: 'Nicht gefunden.' },
    });
    for (const code of [
      'service_error',
      'limit_reached',
      'rate_limit_exceeded',
      'invalid_token',
    ] as const) {
      expect(
        toAnswerRecord({ kind: 'failed', error: new AppError(code, 'x') }, now),
      ).toBeUndefined();
    }
  });

  it('ignores garbled or foreign records', () => {
    for (const record of [
      null,
      'x',
      {},
      { expiresAt: now + 1 },
      { expiresAt: now + 1, error: { code: 'service_error', message: 'x' } },
    ]) {
      expect(fromAnswerRecord(record, now)).toBeUndefined();
    }
  });
});
