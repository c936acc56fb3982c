// How many places a name typed without a postcode can mean, from the shipped
// postcode and municipality files: a name of two places answers no official
// point (the geocoder decides), a name of one may.
import { describe, expect, it } from 'vitest';
import { placeName } from '#server/geocoding/addressWords/placeNames.js';
import { loadPostcodeDirectory } from '#server/geocoding/postcodes/postcodeFile.js';

const directory = loadPostcodeDirectory();
const meant = (name: string, state?: string) => directory.placesMeant(placeName(name), state);

describe('places a name can mean', () => {
  it.each([
    ['Naumburg', 'Naumburg in Hessen, Naumburg (Saale)'],
    ['Bad Soden', 'Bad Soden am Taunus, Bad Soden of Bad Soden-Salmünster'],
    ['Kirchhain', 'Kirchhain in Hessen, Kirchhain of Doberlug-Kirchhain'],
    ['Petershagen', 'Petershagen in NRW, Petershagen of Petershagen/Eggersdorf'],
    ['Buckow', 'Buckow (Märkische Schweiz), the Ortsteil of Berlin-Neukölln'],
    ['Brandenburg', 'Brandenburg an der Havel, the state'],
    ['Halle', 'Halle (Saale), Halle (Westf.), Halle in Niedersachsen'],
  ])('%s can mean more than one place (%s)', (name) => {
    expect(meant(name)).toBeGreaterThan(1);
  });

  it.each([
    ['Naumburg (Saale)', 'what tells namesakes apart'],
    ['Halle (Westf.)', 'what tells namesakes apart'],
    ['Münster (Westf.)', 'a region of one state'],
    ['Brandenburg an der Havel', 'the town, not the state'],
    ['Rüsselsheim', 'its postal name, of the municipality Rüsselsheim am Main'],
    ['Berlin', 'a Berlin postcode whose point lies in Brandenburg is still Berlin'],
    ['Rietz-Neuendorf', 'a merged name typed whole, though Rietzneuendorf-Staakow begins so'],
    ['Heppenheim', 'Gau-Heppenheim is no Heppenheim'],
    ['Cottbus', 'one town'],
  ])('%s means one place (%s)', (name) => {
    expect(meant(name)).toBe(1);
  });

  it('counts only the places in the state typed with the name', () => {
    expect(meant('Naumburg', 'HE')).toBe(1);
    expect(meant('Schwalmtal')).toBe(2);
    expect(meant('Schwalmtal', 'NW')).toBe(1);
  });
});
