// The pure mapping of a stored IRW zone: the plot area as value or range, the
// sub-market by code or name, fields not published left out.
import { describe, expect, it } from 'vitest';
import {
  immobilienrichtwertItem,
  parseFlaeche,
  teilmarktCode,
} from '#shared/immobilienrichtwert.js';

describe('the Immobilienrichtwert mapping', () => {
  it('reads the plot area as a value or a range, and nothing else', () => {
    expect(parseFlaeche('111-130')).toEqual({ von: 111, bis: 130 });
    expect(parseFlaeche('500 – 700')).toEqual({ von: 500, bis: 700 });
    expect(parseFlaeche('450')).toBe(450);
    expect(parseFlaeche('ca. 500')).toBeUndefined();
    expect(parseFlaeche(undefined)).toBeUndefined();
  });

  it('takes a sub-market by code or by name, case aside', () => {
    expect(teilmarktCode('3')).toBe('3');
    expect(teilmarktCode(' eigentumswohnungen ')).toBe('3');
    expect(teilmarktCode('Villen')).toBeUndefined();
  });

  it('answers a code not in the table as published and leaves out what is not published', () => {
    const item = immobilienrichtwertItem({
      immobilienrichtwert: '1999.5',
      stichtag: '2026-01-01',
      teilmarkt: '9',
      baujahr: 'unbekannt',
      keller: '',
    });
    expect(item).toEqual({
      immobilienrichtwert: 1999.5,
      stichtag: '2026-01-01',
      teilmarkt: '9',
      teilmarkt_code: '9',
      umrechnung: { text: expect.stringContaining('§ 10 ImmoWertV') as unknown },
    });
  });
});
