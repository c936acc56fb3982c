import { describe, expect, it } from 'vitest';
import { parseHouseNumber, placeKey, streetKey } from '#server/geocoding/addressKeys.js';
import { typedAddress } from '#server/geocoding/typedAddress.js';

describe('street, place and number keys', () => {
  it.each([
    ['Georgstraße', 'Georgstr.'],
    ['Georgstraße', 'Georgstrasse'],
    ['Georgstraße', 'GEORG-STRASSE'],
    ['Müllerweg', 'Muellerweg'],
    ['Am Markt', 'am-markt'],
    ['Sankt-Anna-Straße', 'St.-Anna-Str.'],
    ['Rue de Montréal', 'Rue de Montreal'],
  ])('%s and %s meet', (published, typed) => {
    expect(streetKey(typed)).toBe(streetKey(published));
  });

  it('keeps different streets apart', () => {
    expect(streetKey('Kaiserstraße')).not.toBe(streetKey('Kaiserplatz'));
    expect(streetKey('Straße des 17. Juni')).not.toBe(streetKey('Straße des 18. Juni'));
  });

  it('reads a municipality without its kind after the comma', () => {
    expect(placeKey('Frankfurt am Main, Stadt')).toBe(placeKey('frankfurt am main'));
    expect(placeKey('Münster')).toBe(placeKey('Muenster'));
  });

  it.each([
    ['10', { number: 10, suffix: '' }],
    ['10a', { number: 10, suffix: 'a' }],
    ['10 a', { number: 10, suffix: 'a' }],
    ['10 A', { number: 10, suffix: 'a' }],
    ['10-12', { number: 10, suffix: '' }],
    ['10 – 12', { number: 10, suffix: '' }],
    ['10/1', { number: 10, suffix: '1' }],
    ['10 1/2', { number: 10, suffix: '12' }],
    ['10½', { number: 10, suffix: '12' }],
    ['10 ½', { number: 10, suffix: '12' }],
  ])('reads house number %j', (text, expected) => {
    expect(parseHouseNumber(text)).toEqual(expected);
  });

  it('joins a published number and its suffix column', () => {
    expect(parseHouseNumber('2', 'a')).toEqual({ number: 2, suffix: 'a' });
    expect(parseHouseNumber('10', '½')).toEqual(parseHouseNumber('10', '1/2'));
    expect(parseHouseNumber('a2')).toBeNull();
  });
});

describe('an address as typed', () => {
  const hannover = {
    streetKey: 'georgstr',
    number: 10,
    postcode: '30159',
    placeKeys: ['hannover'],
  };

  it.each([
    'Georgstraße 10, 30159 Hannover',
    'Georgstraße 10 30159 Hannover',
    '30159 Hannover, Georgstraße 10',
    'georgstr. 10,30159 HANNOVER',
    'Georgstrasse 10, 30159 Hannover, Deutschland',
    '  Georgstraße   10 ,  30159   Hannover ',
  ])('reads %j', (input) => {
    expect(typedAddress(input).keys).toMatchObject({ ...hannover, suffix: '' });
  });

  it.each([
    ['Georgstraße 10a, 30159 Hannover', 'a'],
    ['Georgstraße 10 a, 30159 Hannover', 'a'],
    ['Georgstraße 10 A, 30159 Hannover', 'a'],
    ['Georgstraße 10-12, 30159 Hannover', ''],
    ['Georgstraße 10-a, 30159 Hannover', 'a'],
    ['Georgstraße 10 - B, 30159 Hannover', 'b'],
    ['Georgstraße 10/1, 30159 Hannover', '1'],
    ['Georgstraße 10 1/2, 30159 Hannover', '12'],
    ['Georgstraße 10½, 30159 Hannover', '12'],
    ['Georgstraße 10 1/2 30159 Hannover', '12'],
  ])('reads the suffix of %j', (input, suffix) => {
    expect(typedAddress(input).keys).toMatchObject({ streetKey: 'georgstr', number: 10, suffix });
  });

  it.each([
    ['Breiter Weg Nord 5, 39104 Magdeburg', ['breiter', 'weg', 'nord']],
    ['Rüttenscheider-Straße Süd 24, 45130 Essen', ['ruettenscheider', 'str', 'sued']],
    ['Huestr. 10, 44787 Bochum', ['huestr']],
  ])('keeps the words of the street in %j', (input, words) => {
    expect(typedAddress(input).keys?.streetWords).toEqual(words);
  });

  it('reads "OT" and "Ortsteil" before a locality as no part of its name', () => {
    expect(typedAddress('Dorfstraße 5, OT Satzkorn, 14476 Potsdam').keys?.placeKeys).toEqual([
      'potsdam',
      'satzkorn',
    ]);
    expect(typedAddress('Dorfstraße 5, Ortsteil Satzkorn, 14476 Potsdam').keys?.placeKeys).toEqual([
      'potsdam',
      'satzkorn',
    ]);
  });

  it.each([
    ['Georgstraße 10, 30159 Hannover', '30159'],
    ['30159 Hannover, Georgstraße 10', '30159'],
    ['Marienplatz, 80331 München', '80331'],
    ['Georgstraße 10 30159 Hannover', '30159'],
    ['Lindenallee 3-5, 14050', '14050'],
    ['Georgstraße 10, Hannover', undefined],
    ['Georgstraße 10, 3015 Hannover', undefined],
  ])('finds the postcode of %j', (input, postcode) => {
    expect(typedAddress(input).postcode).toBe(postcode);
  });

  it('reads a place without postcode and a locality part', () => {
    expect(typedAddress('Am Markt 1, Frankfurt am Main').keys).toMatchObject({
      postcode: undefined,
      placeKeys: ['frankfurtammain'],
    });
    expect(typedAddress('Hauptstraße 5, Niederbachem, 53343 Wachtberg').keys).toMatchObject({
      postcode: '53343',
      placeKeys: ['wachtberg', 'niederbachem'],
    });
  });

  it('reads the streets Berlin names by a number', () => {
    expect(typedAddress('Straße 10 12, 13509 Berlin').parts).toMatchObject({
      street: 'Straße 10',
      houseNumber: '12',
    });
  });

  it('keeps the written parts for a geocoder that searches by parts', () => {
    expect(typedAddress('Straße des 17. Juni 135, 10623 Berlin').parts).toEqual({
      street: 'Straße des 17. Juni',
      houseNumber: '135',
      postcode: '10623',
      places: ['Berlin'],
    });
    expect(typedAddress('Lindenallee 3-5, 14050').parts).toEqual({
      street: 'Lindenallee',
      houseNumber: '3-5',
      postcode: '14050',
      places: [],
    });
  });

  it.each([
    'Hannover',
    'Georgstraße, 30159 Hannover',
    '10, 30159 Hannover',
    'Georgstraße 10',
    // A number is never read into the street name.
    'Prinzipalmarkt 10 1/3, 48143 Münster',
    'Prinzipalmarkt 10 12, 48143 Münster',
  ])('leaves %j to the geocoder', (input) => {
    expect(typedAddress(input).keys).toBeNull();
  });
});

describe('the parts of an address read once', () => {
  it.each([
    'Georgstraße 10, 30159 Hannover',
    '30159 Hannover, Georgstraße 10',
    'Georgstraße 10 1/2 30159 Hannover',
    'Dorfstraße 5, OT Satzkorn, 14476 Potsdam',
    'Hauptstraße 5, Niederbachem, 53343 Wachtberg',
    'Am Markt 1, Frankfurt am Main',
    'Straße des 17. Juni 135, 10623 Berlin',
  ])('agree with their keys and the postcode typed: %j', (input) => {
    const { parts, keys, postcode } = typedAddress(input);
    expect(keys).toMatchObject({
      ...parseHouseNumber(parts?.houseNumber ?? ''),
      streetKey: streetKey(parts?.street ?? ''),
      postcode: parts?.postcode,
      placeKeys: parts?.places.map(placeKey),
    });
    expect(postcode).toBe(parts?.postcode);
  });
});
