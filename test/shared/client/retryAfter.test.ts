import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RETRY_AFTER_MS,
  MAX_RETRY_WAIT_MS,
  retryAfterMs,
  retryWaitMs,
} from '#shared/client/retryAfter.js';

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
    expect(retryWaitMs('bald', now)).toBe(DEFAULT_RETRY_AFTER_MS);
    expect(retryWaitMs('3600', now)).toBe(MAX_RETRY_WAIT_MS);
    expect(retryWaitMs('2', now)).toBe(2000);
  });
});
