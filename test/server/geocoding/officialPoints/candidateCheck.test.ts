// Whether a point explains the place typed: merged municipalities' parts,
// Ortsteile a file does not name, names without what tells namesakes apart,
// a slip of the finger the postcode confirms.
import { describe, expect, it } from 'vitest';
import { checkCandidate } from '#server/geocoding/officialPoints/candidateCheck.js';
import type { MatchedPoint } from '#server/geocoding/officialPoints/officialPointRepository.js';
import { placeKey } from '#server/geocoding/addressKeys.js';
import { typedAddress } from '#server/geocoding/typedAddress.js';

function point(municipality: string, locality: string | null, state = 'DE-NW'): MatchedPoint {
  return {
    streetKey: 'bahnhofstr',
    number: 12,
    suffix: '',
    placeKey: placeKey(municipality),
    localityKey: locality === null ? null : placeKey(locality),
    locality,
    postcode: null,
    street: 'Bahnhofstraße',
    houseNumber: '12',
    municipality,
    quality: 'A',
    lat: 51.84,
    lon: 8.3,
    state,
    dataDate: null,
    dataDateSource: null,
  };
}

/** No postal place named so: the place typed is read against the point alone. */
const noTown = () => new Set<string>();
const everywhere = { reaches: () => true, confirms: () => true, statesNamed: noTown };
const check = (input: string, p: MatchedPoint) => {
  const keys = typedAddress(input).keys;
  if (!keys) throw new Error(`no keys for ${input}`);
  const states = new Set([p.state.replace('DE-', '')]);
  const area = { postcode: '00000', state: 'NW', nearStates: [], lat: 0, lon: 0, place: '' };
  return checkCandidate(p, keys, { states, area }, everywhere);
};

describe('the place typed, checked against a point', () => {
  it('declines a part of a merged name where the file names no Ortsteile', () => {
    expect(check('Bahnhofstraße 12, 33378 Rheda', point('Rheda-Wiedenbrück', null))).toBe(
      'locality_unconfirmed',
    );
  });

  it('takes a part of a merged name only as the point’s Ortsteil', () => {
    const neubrueck = point('Rietz-Neuendorf', 'Neubrück', 'DE-BB');
    expect(check('Bahnhofstraße 12, 15848 Rietz', neubrueck)).toBeUndefined();
    expect(check('Bahnhofstraße 12, 15848 Neubrück', neubrueck)).toMatchObject({
      place: 'locality',
    });
  });

  it.each(['Bahnhofstraße 12, 53925 Kall-Sötenich', 'Bahnhofstraße 12, Sötenich, 53925 Kall'])(
    'declines an Ortsteil the file cannot confirm: %s',
    (input) => {
      expect(check(input, point('Kall', null))).toBe('locality_unconfirmed');
    },
  );

  it('takes the first words of the file’s Ortsteil, never another name’s beginning', () => {
    const nordend = point('Frankfurt am Main', 'Nordend-Ost', 'DE-HE');
    expect(check('Bahnhofstraße 12, Frankfurt-Nordend', nordend)).toMatchObject({
      place: 'municipality',
    });
    expect(check('Bahnhofstraße 12, Frankfurt-Nord', nordend)).toBeUndefined();
    expect(
      check('Bahnhofstraße 12, Frankfurt-Nied', point('Frankfurt am Main', 'Niederrad', 'DE-HE')),
    ).toBeUndefined();
  });

  it('takes only the whole Ortsteil where the import holds no names', () => {
    const unnamed = { ...point('Frankfurt am Main', 'Nordend-Ost', 'DE-HE'), locality: null };
    expect(check('Bahnhofstraße 12, Frankfurt-Nordend-Ost', unnamed)).toMatchObject({
      place: 'municipality',
    });
    expect(check('Bahnhofstraße 12, Frankfurt-Nordend', unnamed)).toBeUndefined();
  });

  it.each([
    ['Bahnhofstraße 12, 06108 Halle/S.', 'Halle (Saale)'],
    ['Bahnhofstraße 12, 45468 Mülheim/Ruhr', 'Mülheim an der Ruhr'],
    ['Bahnhofstraße 12, 60311 Frankfurt a.M.', 'Frankfurt am Main'],
    ['Bahnhofstraße 12, 60311 Ffm', 'Frankfurt am Main'],
  ])('reads %s as %s', (input, municipality) => {
    expect(check(input, point(municipality, null))).toMatchObject({ place: 'municipality' });
  });

  it('keeps namesakes apart by what follows the name', () => {
    expect(check('Bahnhofstraße 12, 15230 Frankfurt a.M.', point('Frankfurt (Oder)', null))).toBe(
      undefined,
    );
  });

  it('accepts a slip of the finger in the place only with a postcode, and says so', () => {
    expect(check('Bahnhofstraße 12, 44787 Bochun', point('Bochum', null))).toMatchObject({
      unconfirmed: ['postcode', 'place_spelling'],
    });
    expect(check('Bahnhofstraße 12, 44787 Dortmund', point('Bochum', null))).toBeUndefined();
  });
});

describe('the typed postcode, checked against a point of a file without postcodes', () => {
  const keys = typedAddress('Bahnhofstraße 12, 44137 Dortmund').keys;
  const area = { postcode: '44137', state: 'NW', nearStates: [], lat: 51.51, lon: 7.46, place: '' };
  const scope = { states: new Set(['NW']), area };
  const dortmund = point('Dortmund', null);

  it('declines a point within the postcode’s reach it does not confirm', () => {
    if (!keys) throw new Error('no keys');
    const unconfirmed = { reaches: () => true, confirms: () => false, statesNamed: noTown };
    expect(checkCandidate(dortmund, keys, scope, unconfirmed)).toBe('postcode_unconfirmed');
  });

  it('takes no point beyond the reach, and a confirmed one with the warning postcode', () => {
    if (!keys) throw new Error('no keys');
    expect(
      checkCandidate(dortmund, keys, scope, { ...everywhere, reaches: () => false }),
    ).toBeUndefined();
    expect(checkCandidate(dortmund, keys, scope, everywhere)).toMatchObject({
      unconfirmed: ['postcode'],
    });
  });
});

describe('a Berlin Bezirk typed as the place', () => {
  const tegel = point('Berlin', 'Tegel', 'DE-BE');

  it('is a point in one of its Ortsteile', () => {
    expect(check('Bahnhofstraße 12, Berlin-Reinickendorf', tegel)).toMatchObject({
      place: 'municipality',
    });
    expect(check('Bahnhofstraße 12, Reinickendorf, 13507 Berlin', tegel)).toMatchObject({
      place: 'municipality',
    });
  });

  it('is no point in an Ortsteil of another Bezirk', () => {
    expect(check('Bahnhofstraße 12, Berlin-Spandau', tegel)).toBeUndefined();
  });
});

describe('a town’s name beside another town’s postcode', () => {
  // 55252 is Wiesbaden's (Mainz-Kastel); Mainz is a postal place of its own in Rheinland-Pfalz.
  const kastel = point('Wiesbaden', 'Mainz-Kastel', 'DE-HE');
  const area = { postcode: '55252', state: 'HE', nearStates: ['RP'], lat: 50, lon: 8.3, place: '' };
  const scope = { states: new Set(['HE', 'RP']), area };
  const towns = {
    ...everywhere,
    statesNamed: (key: string) => new Set(key === 'mainz' ? ['RP'] : []),
  };
  const checked = (input: string, directory = towns) => {
    const keys = typedAddress(input).keys;
    if (!keys) throw new Error(`no keys for ${input}`);
    return checkCandidate(kastel, keys, scope, directory);
  };

  it('begins no Ortsteil of the postcode’s town', () => {
    expect(checked('Bahnhofstraße 12, 55252 Mainz')).toBeUndefined();
  });

  it('leaves the Ortsteil named whole, and a beginning that is no town', () => {
    expect(checked('Bahnhofstraße 12, 55252 Mainz-Kastel')).toMatchObject({ place: 'locality' });
    expect(checked('Bahnhofstraße 12, 55252 Wiesbaden')).toMatchObject({ place: 'municipality' });
    // Were Mainz no postal place, it would begin Mainz-Kastel as "Porz" begins "Porz-Ensen".
    expect(checked('Bahnhofstraße 12, 55252 Mainz', everywhere)).toMatchObject({
      place: 'locality',
    });
  });
});
