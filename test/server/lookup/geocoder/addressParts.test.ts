import { describe, expect, it } from 'vitest';
import { splitAddress } from '../../../../server/src/lookup/geocoder/addressParts.js';

describe('splitAddress', () => {
  it('splits "Straße Nr, PLZ Ort" into its parts', () => {
    expect(splitAddress('Georgstraße 10, 30159 Hannover')).toEqual({
      street: 'Georgstraße',
      houseNumber: '10',
      postcode: '30159',
      city: 'Hannover',
    });
  });

  it.each([
    ['Am Markt 10a, 28195 Bremen', { street: 'Am Markt', houseNumber: '10a' }],
    ['Hauptstraße 10 b, Halle (Saale)', { street: 'Hauptstraße', houseNumber: '10 b' }],
    ['Lindenallee 3-5, 14050', { street: 'Lindenallee', houseNumber: '3-5' }],
    [
      'Straße des 17. Juni 135, 10623 Berlin',
      { street: 'Straße des 17. Juni', houseNumber: '135' },
    ],
  ])('takes %s', (address, expected) => {
    expect(splitAddress(address)).toMatchObject(expected);
  });

  it('keeps a place without postcode and a postcode without place', () => {
    expect(splitAddress('Georgstraße 10, Hannover')).toEqual({
      street: 'Georgstraße',
      houseNumber: '10',
      city: 'Hannover',
    });
    expect(splitAddress('Georgstraße 10,30159')).toEqual({
      street: 'Georgstraße',
      houseNumber: '10',
      postcode: '30159',
    });
  });

  it.each([
    'Georgstraße 10 30159 Hannover',
    'Georgstraße, 30159 Hannover',
    'Georgstraße 10, Mitte, 30159 Hannover',
    'Georgstraße 10, ',
    'Georgstraße 10, 3015 Hannover',
    '10, 30159 Hannover',
  ])('leaves %j to free text', (address) => {
    expect(splitAddress(address)).toBeUndefined();
  });
});
