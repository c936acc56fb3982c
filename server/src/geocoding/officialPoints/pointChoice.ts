// Which of the points that agree with an address answers it: one building
// (points of one address farther apart than about 100 m are different
// buildings: none is chosen), with the typed suffix, else the number without
// it where the file holds no such suffix.
import type { GeocodingWarning } from '#shared/apiTypes.js';
import type { MatchedPoint } from './officialPointRepository.js';
import type { CheckedPoint } from './candidateCheck.js';
import type { AddressKeys } from '../typedAddress.js';

/** Points of one address farther apart than this are different buildings (degrees, ~100 m). */
const SAME_PLACE = 0.001;

export interface Chosen {
  point: MatchedPoint;
  match: 'exact' | 'postcode_area' | 'without_suffix';
  warnings: GeocodingWarning[];
}

export function pick(points: CheckedPoint[], typed: AddressKeys): Chosen | undefined {
  const exact = points.filter((c) => c.point.suffix === typed.suffix);
  const building = oneBuilding(exact);
  if (building) {
    const match = building.unconfirmed.includes('postcode') ? 'postcode_area' : 'exact';
    return { point: building.point, match, warnings: building.unconfirmed };
  }
  if (exact.length > 0 || typed.suffix === '') return undefined;
  const plain = oneBuilding(points.filter((c) => c.point.suffix === ''));
  return (
    plain && {
      point: plain.point,
      match: 'without_suffix',
      warnings: [...plain.unconfirmed, 'suffix'],
    }
  );
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
