import { describe, expect, it } from 'vitest';
import {
  datedKey,
  earliestStichtag,
  isBeforeHistory,
  settledFreshness,
} from '#server/sources/history/datedLookup.js';

describe('a dated lookup in the pipeline', () => {
  it('has a cache key of its own that fits the column (40 characters)', () => {
    const key = datedKey('-89.999999,-179.999999', '2024-02-29');
    expect(key).toBe('-89.999999,-179.999999@2024-02-29');
    expect(key.length).toBeLessThanOrEqual(40);
    expect(datedKey('52.1,9.7', undefined)).toBe('52.1,9.7');
  });

  it('counts a date as settled two years back', () => {
    expect(settledFreshness('2024-11-23', '2026-11-23')).toBeDefined();
    expect(settledFreshness('2024-11-25', '2026-11-23')).toBeUndefined();
  });

  it('names how far back the source reaches in its no_data message', () => {
    const bb = { name: 'Brandenburg', history: { kind: 'same-layer' as const, since: 2010 } };
    expect(earliestStichtag(bb)).toContain('ab dem Jahr 2010');
    expect(earliestStichtag({ name: 'MV', history: { kind: 'none' as const } })).toContain(
      'nur die aktuellen',
    );
    expect(earliestStichtag({ name: 'HE', history: { kind: 'year-endpoints' as const } })).toBe('');
    expect(isBeforeHistory('2009-12-31', bb)).toBe(true);
    expect(isBeforeHistory('2010-01-01', bb)).toBe(false);
    expect(isBeforeHistory(undefined, bb)).toBe(false);
  });
});
