import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RETRY_AFTER_MS,
  retryAfterMs,
  retryWaitMs,
} from '../../../shared/src/client/retryAfter.js';

const now = Date.parse('2026-11-22T08:00:00Z');

describe('Retry-After', () => {
  it.each([
    ['30', 30_000],
    [' 0 ', 0],
    ['Sun, 22 Nov 2026 08:00:05 GMT', 5_000],
    ['Sun, 22 Nov 2026 07:00:00 GMT', 0],
    ['bald', undefined],
    ['-5', undefined],
    ['', undefined],
    [null, undefined],
  ])('reads %s as %s ms', (header, expected) => {
    expect(retryAfterMs(header, now)).toBe(expected);
  });

  it('waits the default when the header is unreadable, and never longer than the cap', () => {
    expect(retryWaitMs('bald', now, 60_000)).toBe(DEFAULT_RETRY_AFTER_MS);
    expect(retryWaitMs('3600', now, 60_000)).toBe(60_000);
    expect(retryWaitMs('2', now, 60_000)).toBe(2000);
  });
});
