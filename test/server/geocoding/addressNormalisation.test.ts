// The cache key of an address ignores case, spacing and Unicode form, and
// lower-cases as German does: the plain toLowerCase the hot path uses must
// give what toLocaleLowerCase('de') gives, for any text. The keys derived
// from it are those of the caches' existing rows and of the quota's recorded
// distinct lookups: they are pinned to the values the code before issue 36
// computed.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { typedAddress } from '#server/geocoding/typedAddress.js';
import { addressKey } from '#server/geocoding/geocodeCacheRepository.js';
import { lookupKey } from '#server/lookup/lookupKey.js';

const normaliseAddress = (text: string) => typedAddress(text).normal;

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

  it('leaves the normal form as it is, for any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        const normal = normaliseAddress(text);
        expect(normaliseAddress(normal)).toBe(normal);
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps the keys of cached rows and recorded lookups', () => {
    const address = typedAddress('Georgstraße 10, 30159 Hannover');
    expect(addressKey(address)).toBe(
      '659bf993497958009d61fa767b8b514b5fc2eaed1a529ccc961e8016bdef2e9c',
    );
    expect(lookupKey({ address, filter: ['W', 'M', 'W'] })).toBe(
      '590bd9b87ed20186e54b7632405287d888ef00932dc65b86866ec0a3fabcdd2b',
    );
    expect(lookupKey({ address, filter: [], stichtag: '2024-06-30' })).toBe(
      '52474cee079fdc9fab648d333d70d8769f88d1194b3306fe62361788a61b77c6',
    );
  });
});

describe('an address read once', () => {
  it('takes its parts apart once, whichever use asks first', () => {
    const address = typedAddress('Georgstraße 10, 30159 Hannover');
    const keys = address.keys;
    expect(address.parts).toBe(address.parts);
    expect(address.keys).toBe(keys);
    expect(address).toEqual(typedAddress('Georgstraße 10, 30159 Hannover'));
  });

  it('keeps the text as given for the free-text search', () => {
    expect(typedAddress('  Georgstraße 10,  30159 Hannover ').text).toBe(
      '  Georgstraße 10,  30159 Hannover ',
    );
  });
});
