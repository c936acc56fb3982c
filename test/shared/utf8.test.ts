import { describe, expect, it } from 'vitest';
import { utf8Length } from '#shared/utf8.js';

describe('utf8Length', () => {
  it('counts bytes of UTF-8 as Node encodes them, not characters', () => {
    for (const text of ['', 'Berlin', 'Straße', 'Grünlandzahl – 1.100 €/m²', '🏠 Haus', '©²']) {
      expect(utf8Length(text), text).toBe(Buffer.byteLength(text, 'utf8'));
    }
    expect(utf8Length('ü–€')).toBe(8);
    expect('ü–€'.length).toBe(3);
  });
});
