// The stichtag a state's cycle makes due moves with the clock alone: across
// 1 January where values are due at once, on the publication day otherwise,
// every second year for a biennial cycle; a dated lookup expects the
// stichtag in force on its date.
import { describe, expect, it } from 'vitest';
import { aktualitaetOf } from '#server/sources/currency/aktualitaet.js';
import { expectedNewestStichtag } from '#server/sources/currency/expectedStichtag.js';
import { berlinDay } from '#server/time/berlinDay.js';

const yearlyAtOnce = { every: 'yearly', publishedBy: '01-01' } as const;
const nrw = { every: 'yearly', publishedBy: '03-31' } as const;
const hessen = { every: 'biennial', years: 'even', publishedBy: '04-30' } as const;

/** The expected stichtag of a current lookup at the instant, on the German calendar day. */
const expectedAt = (cycle: Parameters<typeof expectedNewestStichtag>[0], instant: string) => {
  const today = berlinDay(new Date(instant));
  return expectedNewestStichtag(cycle, today, today);
};

describe('the stichtag a cycle makes due', () => {
  it('moves across 1 January (in Germany, not in UTC) where values are due at once', () => {
    expect(expectedAt(yearlyAtOnce, '2026-12-31T22:59:00Z')).toBe('2026-01-01');
    // 23:00 UTC on 31 December is already 1 January in Berlin.
    expect(expectedAt(yearlyAtOnce, '2026-12-31T23:00:00Z')).toBe('2027-01-01');
  });

  it('waits for the usual publication day after 1 January', () => {
    expect(expectedAt(nrw, '2027-01-01T10:00:00Z')).toBe('2026-01-01');
    expect(expectedAt(nrw, '2027-03-30T10:00:00Z')).toBe('2026-01-01');
    expect(expectedAt(nrw, '2027-03-31T10:00:00Z')).toBe('2027-01-01');
  });

  it('moves every second year for a biennial cycle', () => {
    expect(expectedAt(hessen, '2027-06-01T10:00:00Z')).toBe('2026-01-01');
    expect(expectedAt(hessen, '2028-04-29T10:00:00Z')).toBe('2026-01-01');
    expect(expectedAt(hessen, '2028-04-30T10:00:00Z')).toBe('2028-01-01');
    const odd = { every: 'biennial', years: 'odd', publishedBy: '01-01' } as const;
    expect(expectedAt(odd, '2028-06-01T10:00:00Z')).toBe('2027-01-01');
  });

  it('expects for a dated lookup the stichtag in force on its date, once published', () => {
    expect(expectedNewestStichtag(hessen, '2025-06-30', '2026-11-22')).toBe('2024-01-01');
    expect(expectedNewestStichtag(hessen, '2026-02-01', '2026-11-22')).toBe('2026-01-01');
    expect(expectedNewestStichtag(nrw, '2027-02-01', '2027-02-15')).toBe('2026-01-01');
  });
});

describe('how current an answer says it is', () => {
  const facts = {
    name: 'Hessen',
    currency: { cycle: hessen },
    answered: '2024-01-01',
    asOf: '2026-11-22',
    today: '2026-11-22',
  };
  const readAt = new Date('2026-11-22T03:00:00Z');

  it('names the due stichtag and what the service offers when the service lags', () => {
    expect(aktualitaetOf({ ...facts, offered: { stichtag: '2024-01-01', readAt } })).toEqual({
      stichtag: '2024-01-01',
      stichtag_angeboten: '2024-01-01',
      angebot_gelesen_am: '2026-11-22T03:00:00.000Z',
      stichtag_erwartet: '2026-01-01',
      turnus: 'zweijaehrlich',
      hinweis:
        'Für Hessen sind Bodenrichtwerte zum 01.01.2026 veröffentlicht; der Dienst liefert ' +
        'bisher den Stand 01.01.2024.',
    });
  });

  it('says when the service offers newer values than the answer holds (an older cached answer)', () => {
    const current = aktualitaetOf({ ...facts, offered: { stichtag: '2026-01-01', readAt } });
    expect(current.hinweis).toBe(
      'Der Dienst bietet inzwischen Bodenrichtwerte zum 01.01.2026 an; diese Antwort enthält ' +
        'den Stand 01.01.2024.',
    );
  });

  it('has no hinweis where answer, offer and cycle agree, nor before a newer offer for a dated lookup', () => {
    const offered = { stichtag: '2026-01-01', readAt };
    expect(aktualitaetOf({ ...facts, answered: '2026-01-01', offered })).not.toHaveProperty(
      'hinweis',
    );
    expect(aktualitaetOf({ ...facts, asOf: '2025-06-30', offered })).not.toHaveProperty('hinweis');
  });

  it('compares with the cycle alone while the offer is not read, and states only the stichtag without a cycle', () => {
    expect(aktualitaetOf({ ...facts, offered: undefined }).hinweis).toContain(
      'der Dienst liefert bisher den Stand 01.01.2024',
    );
    expect(aktualitaetOf({ ...facts, currency: undefined, offered: undefined })).toEqual({
      stichtag: '2024-01-01',
    });
  });
});
