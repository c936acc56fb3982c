// The cache key of an address ignores case, spacing and Unicode form, and
// lower-cases as German does: the plain toLowerCase the hot path uses must
// give what toLocaleLowerCase('de') gives, for any text.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normaliseAddress } from '#server/geocoding/geocodeCacheRepository.js';

describe('normaliseAddress', () => {
  it('lower-cases as German does, for any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        const german = text.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('de');
        expect(normaliseAddress(text)).toBe(german);
      }),
      { numRuns: 2000 },
    );
  });

  it('keys one address written in different ways alike', () => {
    const keys = [
      'Friedrichswall 10, 30159 Hannover',
      '  FRIEDRICHSWALL 10,   30159 hannover ',
      'Friedrichswall\t10, 30159\nHannover',
    ].map(normaliseAddress);
    expect(new Set(keys)).toEqual(new Set(['friedrichswall 10, 30159 hannover']));
    expect(normaliseAddress('STRASSE')).not.toBe(normaliseAddress('Straße'));
    expect(normaliseAddress('Mu\u0308hlenweg')).toBe(normaliseAddress('Mühlenweg'));
  });
});
