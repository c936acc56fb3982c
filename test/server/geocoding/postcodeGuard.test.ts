import { describe, expect, it } from 'vitest';
import { AppError } from '#shared/errors.js';
import { loadPostcodeDirectory } from '#server/geocoding/postcodes/postcodeFile.js';
import { typedAddress } from '#server/geocoding/typedAddress.js';
import type { CachedGeocoding } from '#server/geocoding/cachedGeocoding.js';
import type { GeocodedPlace } from '#server/geocoding/geocoder/geocoder.js';
import { guardedByPostcode } from '#server/geocoding/postcodeGuard.js';
import { ticketFor } from '#server/scheduling/workTicket.js';

const postcodes = loadPostcodeDirectory();
const ticket = ticketFor(
  { accountId: 'a', ip: '127.0.0.1', signal: new AbortController().signal },
  1000,
);

/** A geocoding that answers one place and counts what it is asked. */
function geocodingAnswering(place: GeocodedPlace) {
  const asked: string[] = [];
  const geocoding: CachedGeocoding = {
    resolve: (address) => {
      asked.push(address.text);
      return Promise.resolve(place);
    },
    idle: () => Promise.resolve(),
  };
  return { asked, guarded: guardedByPostcode(geocoding, postcodes) };
}

const place = (p: Partial<GeocodedPlace>): GeocodedPlace => ({
  lat: 49.72,
  lon: 9.3,
  displayName: 'x',
  state: 'DE-BY',
  municipality: 'Bürgstadt',
  ...p,
});

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  return error instanceof AppError ? error.code : error;
}

describe('what a typed postcode decides', () => {
  it('refuses a postcode of a restricted state before anything is asked', async () => {
    const { asked, guarded } = geocodingAnswering(place({}));
    expect(
      await refusal(guarded.resolve(typedAddress('Lindenstraße 5, 91586 Lichtenau'), ticket)),
    ).toBe('restricted_state');
    expect(await refusal(guarded.resolve(typedAddress('Marienplatz, 80331 München'), ticket))).toBe(
      'restricted_state',
    );
    expect(asked).toEqual([]);
  });

  it('lets a border postcode reaching into a state it may answer for be located first', async () => {
    // 63927 Bürgstadt (BY) reaches into Baden-Württemberg.
    const area = postcodes.area('63927');
    expect(area && [...postcodes.statesOf(area)]).toEqual(['BY', 'BW']);
    const { asked, guarded } = geocodingAnswering(place({}));
    await expect(
      guarded.resolve(typedAddress('Hauptstraße 1, 63927 Bürgstadt'), ticket),
    ).resolves.toMatchObject({
      state: 'DE-BY',
    });
    expect(asked).toHaveLength(1);
  });

  it('answers no geocoder place in a state the postcode does not reach', async () => {
    const { guarded } = geocodingAnswering(place({ state: 'DE-NW', lat: 52.24, lon: 7.37 }));
    expect(
      await refusal(guarded.resolve(typedAddress('Kirchstraße 2, 49434 Neuenkirchen'), ticket)),
    ).toBe('address_not_found');
  });

  it('warns where the place lies far from the postcode or the postcode is unknown', async () => {
    const far = geocodingAnswering(place({ state: 'DE-NI', lat: 53.78, lon: 8.89 }));
    await expect(
      far.guarded.resolve(typedAddress('Kirchstraße 2, 49434 Neuenkirchen'), ticket),
    ).resolves.toMatchObject({ warnings: ['postcode'] });
    const unknown = geocodingAnswering(place({ state: 'DE-NI', lat: 52.5, lon: 8.1 }));
    await expect(
      unknown.guarded.resolve(typedAddress('Kirchstraße 2, 49999 Vörden'), ticket),
    ).resolves.toMatchObject({ warnings: ['postcode'] });
    const near = geocodingAnswering(place({ state: 'DE-NI', lat: 52.5, lon: 8.1 }));
    const located = await near.guarded.resolve(typedAddress('Kirchstraße 2, 49434 Vörden'), ticket);
    expect(located.warnings).toBeUndefined();
    const without = await near.guarded.resolve(typedAddress('Kirchstraße 2, Vörden'), ticket);
    expect(without.warnings).toBeUndefined();
  });
});
