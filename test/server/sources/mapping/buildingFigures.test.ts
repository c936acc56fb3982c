import { describe, expect, it } from 'vitest';
import {
  readPublishedBauweise,
  readPublishedStoreys,
} from '#server/sources/mapping/publishedBuildingFigures.js';

describe('bauweise as published', () => {
  it.each([
    ['1100', 'offene Bauweise'],
    [
      'https://registry.gdi-de.org/codelist/de.adv-online.gid/BR_Bauweise/1200',
      'geschlossene Bauweise',
    ],
    ['2600', 'Reihenendhäuser'],
    ['o', 'offene Bauweise'],
    ['G', 'geschlossene Bauweise'],
    ['ed', 'Einzel- und Doppelhäuser'],
    ['offene Bauweise', 'offene Bauweise'],
  ])('reads %s as %s', (published, name) => {
    expect(readPublishedBauweise(published)).toBe(name);
  });

  it.each(['9999', 'BR_Bauweise/1700', 'x', '12'])(
    'leaves out a code it cannot name (%s) instead of passing it on raw',
    (published) => {
      expect(readPublishedBauweise(published)).toBeUndefined();
    },
  );
});

describe('full storeys as published', () => {
  it.each([
    ['4', 4],
    ['IV', 4],
    ['ii', 2],
    ['IX', 9],
    ['XII', 12],
  ])('reads %s as %d', (published, storeys) => {
    expect(readPublishedStoreys(published, 'xml')).toBe(storeys);
  });

  it.each(['II-III', '2-3', 'IIII', 'viel', ''])('leaves out %j, no single count', (published) => {
    expect(readPublishedStoreys(published, 'xml')).toBeUndefined();
  });
});
