// How the sidebar reads the add-on's calls and their arguments from a
// formula's text and from the sheet, so it derives the same answer keys as
// the functions (the whole path runs through the built add-on in
// sidebarValues.test.ts; these are the edge cases of the text).
import { describe, expect, it } from 'vitest';
import { argumentValue, SheetValues } from '../../../sheets-addon/src/workbook/argumentValues.js';
import { lookupCalls, nudgedFormula } from '../../../sheets-addon/src/workbook/formulaCalls.js';

describe('lookupCalls', () => {
  it('finds both functions, whole or inside another formula, with their arguments', () => {
    expect(lookupCalls('=BODENRICHTWERT(A2:A200;"W";;C2)')).toEqual([
      { name: 'BODENRICHTWERT', args: ['A2:A200', '"W"', '', 'C2'], whole: true },
    ]);
    expect(lookupCalls('=WENNFEHLER(bodenrichtwert_zonen( A2 );"")')).toEqual([
      { name: 'BODENRICHTWERT_ZONEN', args: ['A2'], whole: false },
    ]);
    expect(lookupCalls('=BODENRICHTWERT(A2)+BODENRICHTWERT(A3,"M")')).toEqual([
      { name: 'BODENRICHTWERT', args: ['A2'], whole: false },
      { name: 'BODENRICHTWERT', args: ['A3', '"M"'], whole: false },
    ]);
  });

  it('finds the parcel functions, and not BODENWERT', () => {
    expect(lookupCalls('=BODENRICHTWERT_FLURSTUECK(A2;"w";C2)')).toEqual([
      { name: 'BODENRICHTWERT_FLURSTUECK', args: ['A2', '"w"', 'C2'], whole: true },
    ]);
    expect(
      lookupCalls('=WENNFEHLER(bodenwert_flurstueck(A2;;;1,4);0)+BODENWERT(450;1;1,4)'),
    ).toEqual([{ name: 'BODENWERT_FLURSTUECK', args: ['A2', '', '', '1,4'], whole: false }]);
    expect(lookupCalls('=MEIN_BODENWERT_FLURSTUECK(A2)')).toEqual([]);
  });

  it('reads separators and brackets inside texts as text, and commas where a call has no semicolon', () => {
    expect(lookupCalls('=BODENRICHTWERT("Weg 1; (Hinterhaus), Berlin";"W")')).toEqual([
      { name: 'BODENRICHTWERT', args: ['"Weg 1; (Hinterhaus), Berlin"', '"W"'], whole: true },
    ]);
    expect(lookupCalls('=BODENRICHTWERT(A2,"W",,,"4712")')[0]?.args).toEqual([
      'A2',
      '"W"',
      '',
      '',
      '"4712"',
    ]);
    expect(lookupCalls('=BODENRICHTWERT(VERKETTEN(A2;", ";B2))')[0]?.args).toEqual([
      'VERKETTEN(A2;", ";B2)',
    ]);
  });

  it('ignores other functions and the names inside texts', () => {
    expect(lookupCalls('=MEINBODENRICHTWERT(A2)')).toEqual([]);
    expect(lookupCalls('="BODENRICHTWERT(A2)"')).toEqual([]);
    expect(lookupCalls('=BODENWERT(450;1;1,4)')).toEqual([]);
    expect(lookupCalls('Adresse')).toEqual([]);
  });
});

describe('argumentValue', () => {
  const sheets = {
    Objekte: [
      ['Adresse', 'Datum'],
      ['Zeil 1, Frankfurt', new Date('2025-06-01T00:00:00Z')],
      ['', ''],
    ],
    'Meine Daten': [['Unter den Linden 1, Berlin']],
  };
  const document = {
    getSheets: () =>
      Object.entries(sheets).map(([name, values]) => ({
        getName: () => name,
        getDataRange: () => ({ getValues: () => values }),
      })),
  } as unknown as ConstructorParameters<typeof SheetValues>[0];
  const read = (text: string) => argumentValue(text, 'Objekte', new SheetValues(document));

  it('hands over cells, ranges, texts and numbers as Sheets does', () => {
    expect(read('A2')).toEqual({ value: 'Zeil 1, Frankfurt' });
    expect(read('$B$2')).toEqual({ value: new Date('2025-06-01T00:00:00Z') });
    expect(read('A2:A4')).toEqual({ value: [['Zeil 1, Frankfurt'], [''], ['']] });
    expect(read('A2:A')).toEqual({ value: [['Zeil 1, Frankfurt'], ['']] });
    expect(read("'Meine Daten'!A1")).toEqual({ value: 'Unter den Linden 1, Berlin' });
    expect(read('"W"')).toEqual({ value: 'W' });
    expect(read('"Sag ""Hallo"""')).toEqual({ value: 'Sag "Hallo"' });
    expect(read('4712')).toEqual({ value: 4712 });
    expect(read('1,5')).toEqual({ value: 1.5 });
    expect(read('')).toEqual({ value: '' });
  });

  it('cannot read expressions or unknown sheets', () => {
    expect(read('A2&", Berlin"')).toBeUndefined();
    expect(read('HEUTE()')).toBeUndefined();
    expect(read('Fremd!A1')).toBeUndefined();
  });
});

describe('nudgedFormula', () => {
  it('adds a run stamp after each call’s own arguments, one higher each time, which the finder ignores', () => {
    const once = nudgedFormula('=BODENRICHTWERT(A2:A200;"W")');
    expect(once).toBe('=BODENRICHTWERT(A2:A200;"W";;;;1)');
    expect(nudgedFormula(once)).toBe('=BODENRICHTWERT(A2:A200;"W";;;;2)');
    expect(lookupCalls(nudgedFormula(once))).toEqual([
      { name: 'BODENRICHTWERT', args: ['A2:A200', '"W"', '', '', ''], whole: true },
    ]);
    expect(
      nudgedFormula('=WENNFEHLER(BODENRICHTWERT_ZONEN(A2);"")+BODENWERT_FLURSTUECK(B2,"M")'),
    ).toBe('=WENNFEHLER(BODENRICHTWERT_ZONEN(A2,,1);"")+BODENWERT_FLURSTUECK(B2,"M",,,1)');
    expect(nudgedFormula('=BODENWERT(450;1;1,4)')).toBe('=BODENWERT(450;1;1,4)');
  });
});
