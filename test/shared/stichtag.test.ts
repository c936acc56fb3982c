import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isCalendarDay, parseStichtag } from '#shared/stichtag.js';

describe('the reference date of a lookup', () => {
  it('is absent when not given', () => {
    expect(parseStichtag(undefined, '2026-11-23')).toEqual({ ok: true, value: undefined });
    expect(parseStichtag('', '2026-11-23')).toEqual({ ok: true, value: undefined });
  });

  it('accepts today and any real earlier day, and refuses tomorrow', () => {
    expect(parseStichtag('2026-11-23', '2026-11-23')).toEqual({ ok: true, value: '2026-11-23' });
    expect(parseStichtag('2024-02-29', '2026-11-23')).toEqual({ ok: true, value: '2024-02-29' });
    const tomorrow = parseStichtag('2026-11-24', '2026-11-23');
    expect(tomorrow.ok || tomorrow.error.code).toBe('invalid_stichtag');
  });

  it('agrees with the calendar for every day written YYYY-MM-DD', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1900-01-01'), max: new Date('2100-12-31'), noInvalidDate: true }),
        (date) => isCalendarDay(date.toISOString().slice(0, 10)),
      ),
    );
    for (const text of ['2026-02-29', '2023-04-31', '2024-00-10', '2024-12-32', '24-01-01', 'x']) {
      expect(isCalendarDay(text), text).toBe(false);
    }
  });

  it.each([42, ['2024-01-01'], null])('refuses a value that is no text: %j', (value) => {
    const result = parseStichtag(value, '2026-11-23');
    expect(result.ok || result.error.code).toBe('invalid_stichtag');
  });
});
