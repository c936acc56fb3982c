// The typed address read by what each part means (issue: flat notes, the
// postcode anywhere, abbreviations, place variants), as valuers fill cells.
import { describe, expect, it } from 'vitest';
import { typedAddress } from '#server/geocoding/typedAddress.js';
import {
  namesPostalPlace,
  placeName,
  postalNameKeys,
} from '#server/geocoding/addressWords/placeNames.js';
import {
  abbreviationPattern,
  streetSpellings,
} from '#server/geocoding/addressWords/streetAbbreviations.js';
import {
  BERLIN_DISTRICTS,
  inBerlinDistrict,
} from '#server/geocoding/addressWords/berlinDistricts.js';
import { streetKey } from '#server/geocoding/addressKeys.js';

const essen = { street: 'Hauptstraße', houseNumber: '24', postcode: '45127', places: ['Essen'] };

describe('noise words with their numbers', () => {
  it.each([
    'Hauptstraße 24 Whg. 5, 45127 Essen',
    'Hauptstraße 24 WE 12, 45127 Essen',
    'Hauptstraße 24 App. 21 45127 Essen',
    'Hauptstraße 24 OG 2, 45127 Essen',
    'Hauptstraße 24 TG 14, 45127 Essen',
    'Hauptstraße 24 Nr. 5, 45127 Essen',
    'Hauptstraße 24 EG links, 45127 Essen',
    'Hauptstraße 24, Whg. 5, 45127 Essen',
    'Hauptstraße 24, 3. OG, 45127 Essen',
    'Hauptstraße 24, TG-Stellplatz 7, 45127 Essen',
    'Hauptstraße 24, Haus 2, 45127 Essen',
    'c/o Meier, Hauptstraße 24, 45127 Essen',
    'Hauptstraße 24, bei Müller, 45127 Essen',
    'Hauptstraße 24/Whg. 5, 45127 Essen',
    'Hauptstraße 24Whg5, 45127 Essen',
    'Hauptstraße 24 WE12, 45127 Essen',
    'Hauptstraße 24-WE 12, 45127 Essen',
    'Hauptstraße 24 / 5. OG, 45127 Essen',
    'Hauptstraße 24 (Whg. 5), 45127 Essen',
    'Hauptstraße 24 WE 12 + TG 3, 45127 Essen',
    'Hauptstraße 24, Essen (45127)',
    'Hauptstraße 24, Essen, PLZ 45127',
    'Hauptstraße 24, PLZ: 45127 Essen',
    'Hauptstraße 24, D 45127 Essen',
    'Hauptstraße 24 2.OG, 45127 Essen',
    'Hauptstraße 24, 1.Etage links, 45127 Essen',
    'Hauptstraße 24, Hinterhaus, 3. OG, 45127 Essen',
    'Hauptstraße 24, VH 2. OG rechts, 45127 Essen',
    'Hauptstraße 24 Seitenflügel, 45127 Essen',
    'Hauptstraße 24, Haus B, 45127 Essen',
    'Hauptstraße 24, Aufgang C, 45127 Essen',
    'Hauptstraße 24 SE 4, 45127 Essen',
    'Hauptstraße 24, ETW 3, 45127 Essen',
    'Hauptstraße 24 Whg.-Nr. 7, 45127 Essen',
    'Hauptstraße 24, Einheit 12, 45127 Essen',
    'Hauptstraße 24 Laden 1, 45127 Essen',
    'Hauptstraße 24, Keller 3, 45127 Essen',
    'Hauptstraße 24, Hochparterre, 45127 Essen',
    'Hauptstraße 24, Whg. 5 Zimmer 4, 45127 Essen',
    'Hauptstraße 24 Carport 2, 45127 Essen',
    'Hauptstraße 24 - 45127 Essen',
    'Hauptstraße24, 45127 Essen',
    'Hauptstraße 24, 45127 Essen - MFH',
    'Hauptstraße 24, 45127 Essen (ETW)',
    'Hauptstraße 24, 45127 Essen (Altbau)',
    'Hauptstraße 24, 45127 Essen – Baujahr 1965',
    'Essen - Hauptstraße 24, 45127',
    'Hauptstraße, Haus-Nr. 24, 45127 Essen',
    'Hauptstraße 24, 45127 Essen 45127',
    'Hauptstraße 24, Nr. 5, 45127 Essen',
    'Hauptstraße 24/Top 3, 45127 Essen',
    'Straße: Hauptstraße 24, PLZ: 45127, Ort: Essen',
    'Adresse: Hauptstraße 24, 45127 Essen',
    'Str./Nr.: Hauptstraße 24; PLZ/Ort: 45127 Essen',
    'Essen | Hauptstraße | 24 | 45127',
    'Essen; Hauptstraße; 24; 45127',
    'Hauptstraße 24, 45127 Essen, Kreisfreie Stadt',
    'Hauptstraße 24, 45127 Essen, Stadt',
    'Hauptstraße 24, Essen, Stadt, 45127',
    'Hauptstraße 24, 45127 Essen, Ennepe-Ruhr-Kreis',
    'Hauptstraße 24, 45127 Essen, Landkreis Mettmann',
    'Hauptstraße 24 – Whg. 5, 45127 Essen',
  ])('reads %j as the house, not the flat', (input) => {
    const address = typedAddress(input);
    expect(address.parts).toEqual(essen);
    expect(address.unexplained).toEqual([]);
    expect(address.keys).toMatchObject({ number: 24, suffix: '' });
  });

  it('keeps the suffix of the number before a note', () => {
    expect(typedAddress('Hauptstraße 24a Whg. 2, 45127 Essen').keys).toMatchObject({
      number: 24,
      suffix: 'a',
    });
  });

  it.each([
    ['Hauptstraße 24 7, 45127 Essen', 'number_unexplained'],
    // Before the change the 7 became the house number of a street "Hauptstraße 24 Block".
    ['Hauptstraße 24 Block 7, 45127 Essen', 'number_unexplained'],
    ['Objekt 4711: Hauptstraße 24, 45127 Essen', 'number_unexplained'],
    ['Hauptstraße 24, 45127 Essen, 45128', 'part_unexplained'],
    ['Hauptstraße 24, Hausnummer 5, 45127 Essen', 'part_unexplained'],
    ['Hauptstraße 24, 45127 Essen, 12', 'part_unexplained'],
    ['Hauptstraße 24, 45127 Essen (Wohn- und Geschäftshaus)', 'part_unexplained'],
    ['Hauptstraße 24, Hinterhaus 3, 45127 Essen', 'part_unexplained'],
    ['Hauptstraße 24, Haus 2 Block B, 45127 Essen', 'part_unexplained'],
    // A cadastral district says which land, not which flat: nothing here explains it.
    ['Hauptstraße 24 Whg. 5 Flur 4, 45127 Essen', 'part_unexplained'],
    ['Hauptstraße 24, 2.Flur, 45127 Essen', 'part_unexplained'],
    ['Hauptstraße WE 12, 45127 Essen', 'number_missing'],
    ['Hauptstraße Whg. 5, 45127 Essen', 'number_missing'],
    ['Hauptstraße TG 14, 45127 Essen', 'number_missing'],
    ['Hauptstraße 24, 45127 Essen, Hessen, Bayern', 'state_unexplained'],
    ['Hauptstraße 24-26, 45127 Essen', 'number_range'],
    ['Hauptstraße 24 – 26, 45127 Essen', 'number_range'],
    ['Hauptstraße 24 - 3, 45127 Essen', 'number_range'],
  ])('says %j has a part nothing explains', (input, warning) => {
    expect(typedAddress(input).unexplained).toContain(warning);
  });
});

describe('a noise word in a street name', () => {
  it.each([
    ['Straße der Einheit 10, 14806 Bad Belzig', 'Straße der Einheit', '10'],
    ['Platz der Einheit 1, 14467 Potsdam', 'Platz der Einheit', '1'],
    ['Am Keller 5, 45127 Essen', 'Am Keller', '5'],
  ])('reads %j with its house number', (input, street, houseNumber) => {
    expect(typedAddress(input).unexplained).toEqual([]);
    expect(typedAddress(input).parts).toMatchObject({ street, houseNumber });
  });
});

describe('a state typed after the place', () => {
  it('is kept for the match, a country is not', () => {
    expect(typedAddress('Hauptstraße 24, 45127 Essen, Nordrhein-Westfalen').keys).toMatchObject({
      state: 'NW',
    });
    expect(typedAddress('Hauptstraße 24, 45127 Essen (NRW)').keys).toMatchObject({ state: 'NW' });
    expect(typedAddress('Hauptstraße 24, 45127 Essen, Deutschland').keys).not.toHaveProperty(
      'state',
    );
  });
});

describe('words that are noise only where they are', () => {
  it('reads a street beginning with "Bei" as a street', () => {
    expect(typedAddress('Bei der Kirche 5, 45127 Essen').parts?.street).toBe('Bei der Kirche');
  });

  it('keeps "Mitte" as an Ortsteil', () => {
    expect(typedAddress('Karl-Marx-Allee 90, Mitte, 10243 Berlin').keys?.placeKeys).toEqual([
      'berlin',
      'mitte',
    ]);
  });
});

describe('the number and the postcode wherever they are typed', () => {
  it.each([
    'Hauptstraße Nr. 24, 45127 Essen',
    'Hauptstraße Nr.24, 45127 Essen',
    '24 Hauptstraße, 45127 Essen',
    'Hauptstraße 24, Essen 45127',
    'Essen 45127 Hauptstraße 24',
    'Essen, 45127, Hauptstraße 24',
    'Hauptstraße 24, D-45127 Essen',
    'Hauptstraße 24, 45127 Essen, Nordrhein-Westfalen',
    'Hauptstraße 24, 45127 Essen, NRW, Deutschland',
    'Hauptstraße 24, 45127 Essen (Deutschland)',
  ])('reads %j', (input) => {
    expect(typedAddress(input).keys).toMatchObject({
      streetKey: 'hauptstr',
      number: 24,
      postcode: '45127',
      placeKeys: ['essen'],
    });
  });

  it('finds the postcode after "D-" for the geocoder too', () => {
    expect(typedAddress('Hauptstraße 24, D-45127 Essen').postcode).toBe('45127');
  });

  it.each([
    ['Leipziger Straße 80, 6108 Halle', '06108', 'halle'],
    ['Karl-Marx-Str. 1 3046 Cottbus', '03046', 'cottbus'],
  ])(
    'reads four digits before a place in %j as a postcode that lost its zero',
    (input, postcode, place) => {
      const { keys, parts } = typedAddress(input);
      expect(keys).toMatchObject({ postcode, postcodeRestored: true, placeKeys: [place] });
      // The geocoder is not told a postcode nobody typed.
      expect(parts?.postcode).toBeUndefined();
    },
  );

  it('reads "Kall OT Sötenich" as the place and its Ortsteil', () => {
    expect(typedAddress('Hauptstraße 1, 53925 Kall OT Sötenich').keys?.placeKeys).toEqual([
      'kall',
      'soetenich',
    ]);
  });
});

describe('abbreviations and place variants', () => {
  it.each([
    ['Gr. Ochsengasse', 'Große Ochsengasse'],
    ['Kl. Ochsengasse', 'Kleiner Ochsengasse'],
    ['Kaiser-Friedr.-Str.', 'Kaiser-Friedrich-Straße'],
    ['Hausvogteipl.', 'Hausvogteiplatz'],
    ['Potsdamer Ch.', 'Potsdamer Chaussee'],
    ['Gr.Weinmeisterstr.', 'Große Weinmeisterstraße'],
  ])('%s may be %s', (typed, published) => {
    expect(streetSpellings(typed).map(streetKey)).toContain(streetKey(published));
  });

  it('changes no word without a dot', () => {
    expect(streetSpellings('Gr Ochsengasse')).toEqual(['Gr Ochsengasse']);
  });

  it('marks a street with an initial', () => {
    expect(typedAddress('K.-Liebknecht-Str. 13, 10178 Berlin').keys?.initials).toBe(true);
    expect(typedAddress('Karl-Liebknecht-Str. 13, 10178 Berlin').keys?.initials).toBe(false);
  });

  it.each([
    ['Frankfurt a.M.', 'Frankfurt am Main'],
    ['Frankfurt/Main', 'Frankfurt am Main'],
    ['Ffm', 'Frankfurt am Main'],
    ['Halle/S.', 'Halle (Saale)'],
    ['Halle a.d. Saale', 'Halle (Saale)'],
    ['Mülheim/Ruhr', 'Mülheim an der Ruhr'],
  ])('reads %s as %s', (typed, published) => {
    const a = placeName(typed);
    const b = placeName(published);
    expect([a.base, a.qualifier]).toEqual([b.base, b.qualifier]);
  });

  it('tells namesakes apart by what follows the name', () => {
    expect(placeName('Frankfurt a.M.').qualifier).not.toBe(placeName('Frankfurt (Oder)').qualifier);
  });

  it('knows the parts of a merged name', () => {
    expect(placeName('Rheda-Wiedenbrück').parts).toEqual(['rheda', 'wiedenbrueck']);
    expect(placeName('Bad Soden am Taunus').parts).toEqual([]);
  });

  it.each([
    ['Frankfurt am Main-Höchst', 'm', 'hoechst'],
    ['Frankfurt a.M. - Nieder-Erlenbach', 'm', 'niedererlenbach'],
    ['Halle (Saale)-Neustadt', 's', 'neustadt'],
    ['Mülheim an der Ruhr (Saarn)', 'r', 'saarn'],
    ['Frankfurt/Main (Höchst)', 'm', 'hoechst'],
    ['Halle (Saale)', 's', ''],
  ])(
    'reads a name hyphenated to what tells namesakes apart in %s as an Ortsteil',
    (typed, q, tail) => {
      expect(placeName(typed)).toMatchObject({ qualifier: q, tail });
    },
  );
});

describe('place names with a title or a region', () => {
  it('reads a town title before the name as no part of it', () => {
    expect(placeName('Lutherstadt Eisleben')).toMatchObject({ base: 'eisleben' });
    expect(placeName('Hansestadt Stralsund')).toMatchObject({ base: 'stralsund' });
    expect(placeName('Universitätsstadt Gießen')).toMatchObject({ base: 'giessen' });
  });

  it('reads "v. d." and "vor der" as the beginning of what tells namesakes apart', () => {
    expect(placeName('Bad Homburg v. d. Höhe')).toMatchObject({
      base: 'badhomburg',
      qualifier: 'h',
    });
    expect(placeName('Bad Homburg vor der Höhe')).toMatchObject({
      base: 'badhomburg',
      qualifier: 'h',
    });
  });

  it('knows a postal place by its leading words where the postal name adds a region', () => {
    expect(postalNameKeys('Lauchhammer Niederlausitz')).toContain('lauchhammer');
    expect(postalNameKeys('Neuruppin / Brandenburg')).toContain('neuruppin');
    // "Bad" alone names no place.
    expect(postalNameKeys('Bad Wilsnack')).not.toContain('bad');
  });

  it('names a postal place by the whole name, a title left out, or one part of a merged name', () => {
    expect(namesPostalPlace(placeName('Sandersdorf-Brehna'), 'Sandersdorf')).toBe(true);
    expect(namesPostalPlace(placeName('Lutherstadt Eisleben'), 'Eisleben')).toBe(true);
    expect(namesPostalPlace(placeName('Lauchhammer'), 'Lauchhammer Niederlausitz')).toBe(true);
    expect(namesPostalPlace(placeName('Cottbus'), 'Senftenberg')).toBe(false);
  });
});

describe('number markers and abbreviated words', () => {
  it.each([
    'Hauptstraße Hausnr. 80, 45127 Essen',
    'Hauptstraße Haus-Nr. 80, 45127 Essen',
    'Hauptstraße Hausnummer 80, 45127 Essen',
    'Hauptstraße HNr. 80, 45127 Essen',
  ])('reads the number after the marker in %j', (input) => {
    const address = typedAddress(input);
    expect(address.unexplained).toEqual([]);
    expect(address.keys).toMatchObject({ streetKey: 'hauptstr', number: 80, suffix: '' });
  });

  it.each([
    ['A.-v.-Humboldt-Str.', 'alexandervonhumboldtstr'],
    ['Fr.-Ebert-Str.', 'friedrichebertstr'],
    ['K.-Adenauer-Allee', 'konradadenauerallee'],
  ])('reads each word of %s no table explains as a word beginning so', (typed, published) => {
    expect(abbreviationPattern(typed)?.test(published)).toBe(true);
  });

  it('makes no pattern where the tables explain every abbreviation', () => {
    expect(abbreviationPattern('Kaiser-Friedr.-Str.')).toBeUndefined();
    expect(abbreviationPattern('Fr.-Ebert-Str.')?.test('fritzreuterstr')).toBe(false);
  });

  it('reads a word with a dot but no hyphen as no word beginning: "Br. Weg" is not Breiter Weg', () => {
    expect(abbreviationPattern('Br. Weg')).toBeUndefined();
    expect(typedAddress('Br. Weg 104, Magdeburg').keys?.streetKeys).toEqual(['brweg']);
  });
});

describe('Berlin Bezirke', () => {
  it('holds each Ortsteil in one Bezirk, 96 in all', () => {
    const all = Object.values(BERLIN_DISTRICTS).flat();
    expect(Object.keys(BERLIN_DISTRICTS)).toHaveLength(12);
    expect(all).toHaveLength(96);
    expect(new Set(all).size).toBe(96);
  });

  it('reads a Bezirk as the Ortsteile it holds, in Berlin only', () => {
    expect(inBerlinDistrict('reinickendorf', 'berlin', 'tegel')).toBe(true);
    expect(inBerlinDistrict('reinickendorf', 'berlin', 'spandau')).toBe(false);
    expect(inBerlinDistrict('tempelhofschoeneberg', 'berlin', 'friedenau')).toBe(true);
    expect(inBerlinDistrict('mitte', 'wiesbaden', 'mitte')).toBe(false);
  });
});
