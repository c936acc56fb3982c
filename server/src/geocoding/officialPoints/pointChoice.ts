// Which of the points that agree with an address answers it: one building
// (points of one address farther apart than about 100 m are different
// buildings: none is chosen) with the typed suffix. The number without the
// typed suffix is not the typed house (24 b is often a building of its own,
// and the official files list every suffix they know): where the file holds
// the number but not its suffix, no point answers and the geocoder's answer
// says why (`suffix_unexplained`).
import type { GeocodingWarning } from '#shared/apiTypes.js';
import type { MatchedPoint } from './officialPointRepository.js';
import type { CheckedPoint } from './candidateCheck.js';
import type { AddressKeys } from '../typedAddress.js';

/** Points of one address farther apart than this are different buildings (degrees, ~100 m). */
const SAME_PLACE = 0.001;

export interface Chosen {
  point: MatchedPoint;
  match: 'exact' | 'postcode_area';
  warnings: GeocodingWarning[];
}

export function pick(points: CheckedPoint[], typed: AddressKeys): Chosen | undefined {
  const exact = points.filter((c) => c.point.suffix === typed.suffix);
  const building = oneBuilding(exact);
  if (building) {
    const match = building.unconfirmed.includes('postcode') ? 'postcode_area' : 'exact';
    return { point: building.point, match, warnings: building.unconfirmed };
  }
  return undefined;
}

/** Whether the file holds the typed number at one building, but not with the typed suffix. */
export function onlyWithoutSuffix(points: CheckedPoint[], typed: AddressKeys): boolean {
  if (typed.suffix === '' || points.some((c) => c.point.suffix === typed.suffix)) return false;
  return oneBuilding(points.filter((c) => c.point.suffix === '')) !== undefined;
}

function oneBuilding(points: CheckedPoint[]): CheckedPoint | undefined {
  const [first] = points;
  if (!first) return undefined;
  const apart = points.some(
    ({ point: p }) =>
      Math.abs(p.lat - first.point.lat) > SAME_PLACE ||
      Math.abs(p.lon - first.point.lon) > SAME_PLACE,
  );
  return apart ? undefined : first;
}
