import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADDRESSES, DEMO_PLACES, HANNOVER } from '#dev/fakes/demoWorld.js';
import { startNominatimFake, type NominatimFake } from '#dev/fakes/nominatimFake.js';
import { typedAddress } from '#server/geocoding/typedAddress.js';
import { createNominatimGeocoder } from '#server/geocoding/geocoder/nominatimGeocoder.js';
import { createUpstream } from '#server/upstream/upstream.js';
import { captureLogs } from '#dev/service/logs.js';

const logger = captureLogs().logger;
// The timeout is not what this file tests (upstream.test.ts does): it only has
// to outlast a first request on a loaded two-core machine (300 ms did not, once).
const upstream = createUpstream({
  fetch: globalThis.fetch,
  timeoutMs: 5_000,
  userAgent: 'brw-test/1.0 (ops@example.de)',
  logger,
});
let fake: NominatimFake;

beforeAll(async () => {
  fake = await startNominatimFake({
    ...DEMO_PLACES,
    'Georgstraße, Hannover': [
      { ...HANNOVER, houseNumber: undefined, lat: 52.37, lon: 9.73 },
      { ...HANNOVER, houseNumber: '1' },
      { ...HANNOVER, houseNumber: '2', lat: 52.1 },
    ],
    'Unter den Linden 1, Berlin': [
      {
        lat: 52.517,
        lon: 13.389,
        iso: 'DE-BE',
        road: 'Unter den Linden',
        houseNumber: '1',
        postcode: '10117',
        city: 'Berlin',
      },
    ],
  });
});
afterAll(async () => {
  await fake.close();
});

const geocoder = (minIntervalMs = 0) =>
  createNominatimGeocoder({ url: fake.url, upstream, minIntervalMs });

describe('Nominatim geocoder', () => {
  it('asks /search with jsonv2, address details, Germany only, a limit and a User-Agent', async () => {
    const place = await geocoder().geocode(typedAddress(DEMO_ADDRESSES.hannover));
    expect(place).toEqual({
      lat: 52.3745,
      lon: 9.7386,
      displayName: 'Georgstraße 10, Hannover, Niedersachsen, 30159, Deutschland',
      state: 'DE-NI',
      municipality: 'Hannover',
    });
    expect(Object.fromEntries(fake.lastQuery ?? [])).toEqual({
      q: DEMO_ADDRESSES.hannover,
      format: 'jsonv2',
      addressdetails: '1',
      countrycodes: 'de',
      limit: '5',
    });
    expect(fake.lastUserAgent).toBe('brw-test/1.0 (ops@example.de)');
  });

  it('takes the best-ranked candidate at house-number level', async () => {
    const place = await geocoder().geocode(typedAddress('Georgstraße, Hannover'));
    expect(place?.displayName).toMatch(/^Georgstraße 1, /);
    expect(place?.lat).toBe(HANNOVER.lat);
  });

  it('takes the state from ISO3166-2-lvl4, also for city-states without a state key', async () => {
    expect((await geocoder().geocode(typedAddress('Unter den Linden 1, Berlin')))?.state).toBe(
      'DE-BE',
    );
  });

  it('answers null when nothing matches', async () => {
    expect(await geocoder().geocode(typedAddress(DEMO_ADDRESSES.unknown))).toBeNull();
  });

  it('spaces calls to the configured minimum interval', async () => {
    const slow = geocoder(200);
    const started = Date.now();
    await Promise.all([
      slow.geocode(typedAddress(DEMO_ADDRESSES.bremen)),
      slow.geocode(typedAddress(DEMO_ADDRESSES.kiel)),
      slow.geocode(typedAddress(DEMO_ADDRESSES.berlin)),
    ]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(390);
  });

  it('treats an unreadable answer as an outage', async () => {
    fake.faults.set('truncated');
    await expect(geocoder().geocode(typedAddress(DEMO_ADDRESSES.bremen))).rejects.toMatchObject({
      reason: 'malformed_body',
    });
    fake.faults.set(undefined);
  });
});
