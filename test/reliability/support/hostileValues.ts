// Generators of the input attackers and broken clients send: huge, empty,
// wrong types, unicode, control characters, injection strings.
import fc from 'fast-check';
import { DEMO_ADDRESSES } from '#dev/fakes/demoWorld.js';

export const INJECTIONS = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '" UNION SELECT password_hash FROM users --',
  '<script>alert(1)</script>',
  ']]><!ENTITY x SYSTEM "file:///etc/passwd">',
  '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY a "aaaa">]><a>&a;</a>',
  '${7*7}{{7*7}}<%= 7*7 %>',
  '../../../../etc/passwd',
  '%00%0d%0aSet-Cookie: x=1',
  '__proto__',
  'constructor',
  '{"$gt": ""}',
  '\\u0000',
  '\u202E\u0645\u0631\u062D\u0628\u0627',
  '𝕳𝖆𝖓𝖓𝖔𝖛𝖊𝖗 👩‍👩‍👧‍👦',
  'A\u0301\u0301\u0301\u0301\u0301',
  '\uFEFF\u200B\u00A0',
  '\uD800',
  'NaN',
  '-0',
  '1e309',
  'true',
  'null',
] as const;

const controlChars = fc.string({
  unit: fc.integer({ min: 0, max: 0x1f }).map((code) => String.fromCharCode(code)),
  maxLength: 20,
});

/** Any string an attacker may put into a parameter. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...INJECTIONS),
  fc.string({ unit: 'grapheme', maxLength: 60 }),
  fc.string({ unit: 'binary', maxLength: 60 }),
  controlChars,
  fc.constant(''),
  fc.string({ minLength: 290, maxLength: 320 }),
  fc.string({ minLength: 2_000, maxLength: 6_000 }),
  fc
    .tuple(fc.constantFrom(...Object.values(DEMO_ADDRESSES)), controlChars)
    .map(([address, noise]) => address + noise),
  fc.constantFrom(...Object.values(DEMO_ADDRESSES)),
);

/** Strings that fetch accepts as a header value (no control characters, Latin-1 only). */
export const headerSafeString: fc.Arbitrary<string> = hostileString.map((value) =>
  value.replace(/[^\t\u0020-\u007e\u0080-\u00ff]/g, '').slice(0, 4000),
);

/** Percent-encodes every byte of the UTF-8 form (lone surrogates become U+FFFD). */
export function percentEncode(value: string): string {
  return [...Buffer.from(value, 'utf8')]
    .map((byte) => `%${byte.toString(16).padStart(2, '0')}`)
    .join('');
}

/** A JSON value of any type, for fields that expect a number. */
export const wrongTypeValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.double(),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 3 }),
);
