// The development and contribution states in every form the states publish
// them, read into one German text each; unknown codes are never passed on.
import { describe, expect, it } from 'vitest';
import {
  readPublishedBeitragszustand,
  readPublishedEntwicklungszustand,
} from '#server/sources/mapping/publishedStates.js';

const LF = 'Fläche der Land- oder Forstwirtschaft';
const EBP =
  'erschließungsbeitrags- bzw. kostenerstattungsbetragspflichtig und beitragspflichtig nach Kommunalabgabenrecht';

describe('Entwicklungszustand', () => {
  it.each([
    ['B', 'baureifes Land'],
    ['R', 'Rohbauland'],
    ['E', 'Bauerwartungsland'],
    ['lf', LF],
    ['SF', 'sonstige Fläche'],
    ['1000', 'baureifes Land'],
    ['3000', 'Bauerwartungsland'],
    ['https://registry.gdi-de.org/codelist/de.adv-online.gid/BR_Entwicklungszustand/4000', LF],
    ['B Baureifes Land', 'baureifes Land'],
    ['LF Fläche der Land- oder Forstwirtschaft', LF],
    ['Baureifes Land (B)', 'baureifes Land'],
    ['Fläche der Land- oder Forstwirtschaft (LF)', LF],
    ['Rohbauland', 'Rohbauland'],
  ])('reads %j as %j', (published, name) => {
    expect(readPublishedEntwicklungszustand(published)).toBe(name);
  });

  it.each(['X', '9000', '1', 'Bauland irgendwie', ''])('leaves %j out', (published) => {
    expect(readPublishedEntwicklungszustand(published)).toBeUndefined();
  });
});

describe('beitragsrechtlicher Zustand', () => {
  it.each([
    ['1000', 'beitragsfrei'],
    [
      'https://registry.gdi-de.org/codelist/de.adv-online.gid/BR_BeitragsrechtlicherZustand/3000',
      EBP,
    ],
    ['ebp', EBP],
    ['FREI', 'beitragsfrei'],
    [
      'erschließungsbeitrags-/kostenerstattungsbeitragsfrei und abgabenfrei nach Kommunalabgabengesetz',
      'erschließungsbeitrags-/kostenerstattungsbeitragsfrei und abgabenfrei nach Kommunalabgabengesetz',
    ],
  ])('reads %j as %j', (published, text) => {
    expect(readPublishedBeitragszustand(published)).toBe(text);
  });

  it.each(['1', '2', 'xyz', '4000'])('leaves the unknown code %j out', (published) => {
    expect(readPublishedBeitragszustand(published)).toBeUndefined();
  });
});
