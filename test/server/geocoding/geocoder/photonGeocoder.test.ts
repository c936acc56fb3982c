import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ADDRESSES, HANNOVER, MUENSTER } from '#dev/fakes/demoWorld.js';
import {
  photonPlace,
  startPhotonFake,
  type PhotonFake,
  type PhotonPlace,
} from '#dev/fakes/photonFake.js';
import { typedAddress } from '#server/geocoding/typedAddress.js';
import { createPhotonGeocoder } from '#server/geocoding/geocoder/photonGeocoder.js';
import { createUpstream } from '#server/upstream/upstream.js';
import { captureLogs } from '#dev/service/logs.js';

const upstream = createUpstream({
  fetch: globalThis.fetch,
  timeoutMs: 300,
  userAgent: 'brw-test/1.0 (ops@example.de)',
  logger: captureLogs().logger,
});

const { housenumber: _house, ...hannoverRoad } = photonPlace(HANNOVER);
const hannoverStreet: PhotonPlace = { ...hannoverRoad, type: 'street', lat: 52.37 };
const graz: PhotonPlace = {
  lat: 47.0707,
  lon: 15.4395,
  type: 'house',
  countrycode: 'AT',
  country: 'Österreich',
  state: 'Steiermark',
  city: 'Graz',
  postcode: '8010',
  street: 'Hauptplatz',
  housenumber: '1',
};
/** As in komoot/photon docs/api-v1.md: a Berlin address names Berlin as state, no city. */
const stadium: PhotonPlace = {
  lat: 52.51467945,
  lon: 13.239514674078611,
  type: 'house',
  countrycode: 'DE',
  country: 'Deutschland',
  state: 'Berlin',
  postcode: '14053',
  street: 'Olympischer Platz',
  housenumber: '3',
  name: 'Olympiastadion Berlin',
};

const PLACES: Readonly<Record<string, readonly PhotonPlace[]>> = {
  [DEMO_ADDRESSES.hannover]: [photonPlace(HANNOVER)],
  [DEMO_ADDRESSES.muenster]: [photonPlace(MUENSTER)],
  'Georgstr. 10, 30159 Hannover': [photonPlace(HANNOVER)],
  'Georgstraße, Hannover': [hannoverStreet, photonPlace(HANNOVER)],
  'Hauptplatz 1 Graz': [graz],
  'Hauptplatz 1': [graz, { ...graz, ...photonPlace(HANNOVER), street: 'Hauptplatz', lat: 52.1 }],
  'Olympischer Platz 3, 14053 Berlin': [stadium],
  'Jungfernstieg 1, 20354 Hamburg': [
    {
      lat: 53.5526,
      lon: 9.9933,
      type: 'house',
      countrycode: 'DE',
      country: 'Deutschland',
      city: 'Hamburg',
      postcode: '20354',
      street: 'Jungfernstieg',
      housenumber: '1',
    },
  ],
  'Bürgermeister-Smidt-Straße 1 Bremerhaven': [
    {
      lat: 53.5457,
      lon: 8.5797,
      type: 'house',
      countrycode: 'de',
      country: 'Deutschland',
      state: 'Bremen',
      postcode: '27568',
      street: 'Bürgermeister-Smidt-Straße',
      housenumber: '1',
    },
  ],
  'Kaputtweg 10, 30159 Hannover': [
    { ...photonPlace(HANNOVER), street: 'Kaputtweg', lat: Number.NaN },
  ],
};

let current: PhotonFake;
let old: PhotonFake;
beforeAll(async () => {
  current = await startPhotonFake(PLACES);
  old = await startPhotonFake(PLACES, { structured: false });
});
afterAll(async () => {
  await Promise.all([current.close(), old.close()]);
});
beforeEach(() => {
  current.paths.length = 0;
  old.paths.length = 0;
});

const geocoder = (fake: PhotonFake, onNoStructured?: () => void) =>
  createPhotonGeocoder({ url: fake.url, upstream, minIntervalMs: 0, onNoStructured });

describe('Photon geocoder', () => {
  it('asks /structured by parts, Germany only, in German, for "Straße Nr, PLZ Ort"', async () => {
    const place = await geocoder(current).geocode(typedAddress(DEMO_ADDRESSES.hannover));
    expect(place).toEqual({
      lat: 52.3745,
      lon: 9.7386,
      displayName: 'Georgstraße 10, 30159 Hannover',
      state: 'DE-NI',
      municipality: 'Hannover',
    });
    expect(current.paths).toEqual(['/structured']);
    expect(Object.fromEntries(current.lastQuery ?? [])).toEqual({
      street: 'Georgstraße',
      housenumber: '10',
      postcode: '30159',
      city: 'Hannover',
      countrycode: 'DE',
      lang: 'de',
      limit: '5',
    });
  });

  it('asks /api by free text for an address without the parts, taking a house-number candidate first', async () => {
    const place = await geocoder(current).geocode(typedAddress('Georgstraße, Hannover'));
    expect(current.paths).toEqual(['/api']);
    expect(Object.fromEntries(current.lastQuery ?? [])).toEqual({
      q: 'Georgstraße, Hannover',
      lang: 'de',
      limit: '5',
    });
    expect(place?.displayName).toBe('Georgstraße 10, 30159 Hannover');
    expect(place?.lat).toBe(HANNOVER.lat);
  });

  it('asks /api when /structured finds nothing, as for an abbreviated street', async () => {
    const place = await geocoder(current).geocode(typedAddress('Georgstr. 10, 30159 Hannover'));
    expect(current.paths).toEqual(['/structured', '/api']);
    expect(place?.state).toBe('DE-NI');
  });

  it('keeps to /api for good once /structured answers 404 (Photon before 1.0)', async () => {
    let told = 0;
    const photon = geocoder(old, () => (told += 1));
    expect((await photon.geocode(typedAddress(DEMO_ADDRESSES.hannover)))?.state).toBe('DE-NI');
    expect((await photon.geocode(typedAddress(DEMO_ADDRESSES.muenster)))?.state).toBe('DE-NW');
    // The old /api refuses unknown parameters, so it was asked without countrycode.
    expect(old.paths).toEqual(['/structured', '/api', '/api']);
    expect(told).toBe(1);
  });

  it('ignores candidates outside Germany', async () => {
    expect(await geocoder(current).geocode(typedAddress('Hauptplatz 1 Graz'))).toBeNull();
    const place = await geocoder(current).geocode(typedAddress('Hauptplatz 1'));
    expect(place).toMatchObject({ lat: 52.1, state: 'DE-NI', municipality: 'Hannover' });
  });

  it('maps the state name to its ISO code, for a territorial state', async () => {
    const place = await geocoder(current).geocode(typedAddress(DEMO_ADDRESSES.muenster));
    expect(place).toMatchObject({ state: 'DE-NW', municipality: 'Münster' });
  });

  it('maps a city-state named as state without a city, and names the city after it', async () => {
    expect(
      await geocoder(current).geocode(typedAddress('Olympischer Platz 3, 14053 Berlin')),
    ).toEqual({
      lat: 52.51467945,
      lon: 13.239514674078611,
      displayName: 'Olympischer Platz 3, 14053 Berlin',
      state: 'DE-BE',
      municipality: 'Berlin',
    });
  });

  it('maps a city-state named only as the city', async () => {
    const place = await geocoder(current).geocode(typedAddress('Jungfernstieg 1, 20354 Hamburg'));
    expect(place).toMatchObject({ state: 'DE-HH', municipality: 'Hamburg' });
  });

  it('does not take Bremen the state for a city: it holds two', async () => {
    const place = await geocoder(current).geocode(
      typedAddress('Bürgermeister-Smidt-Straße 1 Bremerhaven'),
    );
    expect(place).toMatchObject({ state: 'DE-HB', municipality: undefined });
    expect(place?.displayName).toBe('Bürgermeister-Smidt-Straße 1, 27568');
  });

  it('answers null when nothing matches', async () => {
    expect(await geocoder(current).geocode(typedAddress(DEMO_ADDRESSES.unknown))).toBeNull();
    expect(current.paths).toEqual(['/structured', '/api']);
  });

  it('treats an unreadable answer as an outage', async () => {
    current.faults.set('truncated');
    await expect(
      geocoder(current).geocode(typedAddress(DEMO_ADDRESSES.hannover)),
    ).rejects.toMatchObject({
      name: 'UpstreamOutage',
      reason: 'malformed_body',
    });
    current.faults.set(undefined);
  });

  it('treats a feature without coordinates as an outage', async () => {
    await expect(
      geocoder(current).geocode(typedAddress('Kaputtweg 10, 30159 Hannover')),
    ).rejects.toMatchObject({
      name: 'UpstreamOutage',
      reason: 'malformed_body',
    });
  });
});
