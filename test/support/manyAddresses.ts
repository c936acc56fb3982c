// As many distinct addresses as a test needs: 'Teststraße <n>, 30159 Hannover'
// resolves (through the Nominatim fake's fallback, or the places map of
// hannoverAddresses) to a point inside the Hannover land-value zone of the
// WFS fake. Every address is a new lookup for the quota; the first 2,000
// lie on distinct points, so each is a land-value cache miss as well.
import { HANNOVER } from '#dev/fakes/demoWorld.js';
import type { FakePlace } from '#dev/fakes/nominatimFake.js';

/** The zone reaches ±0.002° around HANNOVER; these points stay within ±0.001°. */
const DISTINCT_POINTS = 2000;
const STEP_DEGREES = 0.000001;
const NORMALISED = /^teststraße (\d+), 30159 hannover$/;

export function hannoverAddress(n: number): string {
  return `Teststraße ${n}, 30159 Hannover`;
}

export function hannoverPlace(n: number): FakePlace {
  return {
    ...HANNOVER,
    lat: HANNOVER.lat - 0.001 + (n % DISTINCT_POINTS) * STEP_DEGREES,
    road: 'Teststraße',
    houseNumber: String(n),
  };
}

/** Fallback of the Nominatim fake: every hannoverAddress(n), as the fake normalises it. */
export function resolveHannoverAddress(query: string): FakePlace[] {
  const n = NORMALISED.exec(query)?.[1];
  return n === undefined ? [] : [hannoverPlace(Number(n))];
}

export interface ManyAddresses {
  addresses: string[];
  places: Record<string, FakePlace[]>;
}

/** `count` addresses (n from `first`) with their places, for a fake without fallback. */
export function hannoverAddresses(count: number, first = 1): ManyAddresses {
  const addresses: string[] = [];
  const places: Record<string, FakePlace[]> = {};
  for (let n = first; n < first + count; n += 1) {
    addresses.push(hannoverAddress(n));
    places[hannoverAddress(n)] = [hannoverPlace(n)];
  }
  return { addresses, places };
}
