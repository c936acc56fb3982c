// One demo address per connected state, at the probe point around which the
// state fakes place their zones, and what the Nominatim fake answers for it.
// With the demo world's places (Kiel for 451, an unknown address) they let a
// new user try every state offline.
import { PROBE_POINTS } from '#server/sources/shippedRegistry.js';
import { BREMEN, DEMO_PLACES, HANNOVER, MUENSTER, WIESBADEN } from '../demoWorld.js';
import type { FakePlace } from '../nominatimFake.js';

export interface StateAddress {
  state: string;
  /** The state's German name, for the demo's table. */
  name: string;
  address: string;
  place: FakePlace;
}

type Street = Pick<FakePlace, 'road' | 'houseNumber' | 'postcode' | 'city'>;

const atProbe = (state: string, stateName: string, street: Street): FakePlace => {
  const point = PROBE_POINTS[state];
  if (!point) throw new Error(`no probe point for ${state}`);
  return { lat: point.lat, lon: point.lon, iso: state, stateName, ...street };
};

const PLACES: readonly [string, FakePlace][] = [
  [
    'Berlin',
    atProbe('DE-BE', 'Berlin', {
      road: 'Pariser Platz',
      houseNumber: '1',
      postcode: '10117',
      city: 'Berlin',
    }),
  ],
  [
    'Brandenburg',
    atProbe('DE-BB', 'Brandenburg', {
      road: 'Brandenburger Straße',
      houseNumber: '30',
      postcode: '14467',
      city: 'Potsdam',
    }),
  ],
  ['Bremen', BREMEN],
  [
    'Hamburg',
    atProbe('DE-HH', 'Hamburg', {
      road: 'Alter Wall',
      houseNumber: '11',
      postcode: '20457',
      city: 'Hamburg',
    }),
  ],
  ['Hessen', WIESBADEN],
  [
    'Mecklenburg-Vorpommern',
    atProbe('DE-MV', 'Mecklenburg-Vorpommern', {
      road: 'Markt',
      houseNumber: '1',
      postcode: '19055',
      city: 'Schwerin',
    }),
  ],
  ['Niedersachsen', HANNOVER],
  ['Nordrhein-Westfalen', MUENSTER],
  [
    'Rheinland-Pfalz',
    atProbe('DE-RP', 'Rheinland-Pfalz', {
      road: 'Markt',
      houseNumber: '1',
      postcode: '55116',
      city: 'Mainz',
    }),
  ],
  [
    'Sachsen-Anhalt',
    atProbe('DE-ST', 'Sachsen-Anhalt', {
      road: 'Alter Markt',
      houseNumber: '6',
      postcode: '39104',
      city: 'Magdeburg',
    }),
  ],
  [
    'Thüringen',
    atProbe('DE-TH', 'Thüringen', {
      road: 'Fischmarkt',
      houseNumber: '1',
      postcode: '99084',
      city: 'Erfurt',
    }),
  ],
];

export const STATE_ADDRESSES: readonly StateAddress[] = PLACES.map(([name, place]) => ({
  state: place.iso,
  name,
  address: `${place.road} ${place.houseNumber ?? ''}, ${place.postcode} ${place.city}`,
  place,
}));

/** The Nominatim fake's answers: the demo world's places and one address per state. */
export const STATE_DEMO_PLACES: Readonly<Record<string, readonly FakePlace[]>> = {
  ...DEMO_PLACES,
  ...Object.fromEntries(STATE_ADDRESSES.map((a) => [a.address, [a.place]])),
};
