import { describe, expect, it } from 'vitest';
import { isLookupProgress, keyPageLinks, progressText } from '#shared/client/lookupProgress.js';

describe('progressText', () => {
  it.each([
    [{ total: 400, done: 137, failed: 3 }, '137 von 400 Adressen, 3 Fehler'],
    [{ total: 400, done: 400, failed: 0 }, '400 von 400 Adressen'],
    [{ total: 1, done: 0, failed: 0 }, '0 von 1 Adresse'],
    [{ total: 2, done: 2, failed: 1 }, '2 von 2 Adressen, 1 Fehler'],
  ])('%o → %s', (progress, text) => {
    expect(progressText(progress)).toBe(text);
  });

  it('recognises a stored progress and nothing else', () => {
    expect(isLookupProgress({ total: 3, done: 1, failed: 0, at: 5 })).toBe(true);
    expect(isLookupProgress({ total: 3, done: '1', failed: 0 })).toBe(false);
    expect(isLookupProgress(null)).toBe(false);
  });
});

describe('keyPageLinks', () => {
  it('points to the key page and the sign-up page of the service in use', () => {
    expect(keyPageLinks('https://brw.example.de')).toEqual({
      keys: 'https://brw.example.de/dashboard/keys',
      signup: 'https://brw.example.de/signup',
    });
  });
});
