// Distinct addresses the loopback Nominatim resolves to distinct points inside
// the Hannover land-value zone of the WFS fake: every address is a new lookup
// for the quota and a land-value cache miss (one GetFeature request each).
import { HANNOVER } from '../../server/src/fakes/demoWorld.js';
import type { FakePlace } from '../../server/src/fakes/nominatimFake.js';

/** The zone reaches ±0.002° around HANNOVER; these points stay within ±0.001°. */
const MAX_ADDRESSES = 200;
const STEP_DEGREES = 0.00001;

export interface ManyAddresses {
  addresses: string[];
  places: Record<string, FakePlace[]>;
}

/** `count` addresses 'Teststraße <n>, 30159 Hannover' (n from `first`) with their places. */
export function hannoverAddresses(count: number, first = 1): ManyAddresses {
  if (first - 1 + count > MAX_ADDRESSES) throw new Error(`at most ${MAX_ADDRESSES} addresses`);
  const addresses: string[] = [];
  const places: Record<string, FakePlace[]> = {};
  for (let n = first; n < first + count; n += 1) {
    const address = `Teststraße ${n}, 30159 Hannover`;
    addresses.push(address);
    places[address] = [
      {
        ...HANNOVER,
        lat: HANNOVER.lat - 0.001 + n * STEP_DEGREES,
        road: 'Teststraße',
        houseNumber: String(n),
      },
    ];
  }
  return { addresses, places };
}
