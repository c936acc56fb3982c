// Whether an official point agrees with everything typed. A point whose own
// data contradicts the input (another state than the postcode's, another
// postcode, a place or locality other than the one typed, a position outside
// the typed postcode's area) is never used; what the point's data cannot
// confirm (a postcode where the file has none, a locality where it names
// none) is said in the answer's warnings.
import type { GeocodingWarning } from '#shared/apiTypes.js';
import type { MatchedPoint } from './officialPointRepository.js';
import type { PostcodeArea } from '../postcodes/postcodeArea.js';
import type { PostcodeDirectory } from '../postcodes/postcodeDirectory.js';
import type { AddressKeys } from '../typedAddress.js';

/** What a typed address may be matched against. */
export interface MatchScope {
  /** Two-letter codes of the states whose points may answer. */
  states: ReadonlySet<string>;
  /** The typed postcode's area, when a postcode was typed. */
  area?: PostcodeArea;
}

/** How the point's place agrees with the place typed. */
export type PlaceFit = 'municipality' | 'locality' | 'prefix';

export interface CheckedPoint {
  point: MatchedPoint;
  place: PlaceFit;
  /** Typed parts the point's data could not confirm. */
  unconfirmed: GeocodingWarning[];
}

/** A typed place shorter than this never matches as the beginning of a municipality's name. */
const MIN_PREFIX = 4;

export function checkCandidate(
  point: MatchedPoint,
  typed: AddressKeys,
  scope: MatchScope,
  postcodes: Pick<PostcodeDirectory, 'reaches'>,
): CheckedPoint | undefined {
  if (!scope.states.has(point.state.replace(/^DE-/, ''))) return undefined;
  const unconfirmed: GeocodingWarning[] = [];
  if (
    typed.postcode !== undefined &&
    point.postcode !== null &&
    point.postcode !== typed.postcode
  ) {
    return undefined;
  }
  const [place, ...localities] = typed.placeKeys;
  const fit = place === undefined ? 'municipality' : placeFit(point, place, typed, unconfirmed);
  if (fit === undefined) return undefined;
  for (const locality of localities) {
    if (locality === point.placeKey) continue;
    if (point.localityKey === null) {
      if (!unconfirmed.includes('locality')) unconfirmed.push('locality');
    } else if (!sameLocality(locality, point.localityKey)) return undefined;
  }
  // Last, as the dearest check: a file without postcodes is checked against the postcode's area.
  if (typed.postcode !== undefined && point.postcode === null) {
    if (!scope.area || !postcodes.reaches(scope.area, point)) return undefined;
    unconfirmed.unshift('postcode');
  }
  return { point, place: fit, unconfirmed };
}

/**
 * The municipality typed; a locality typed as the place ("Bornheim" for
 * Frankfurt am Main-Bornheim); "Köln-Porz" as municipality and locality; or,
 * where a postcode decided the state and the area, the beginning of the
 * municipality's name ("Frankfurt" for Frankfurt (Oder) with 15230).
 */
function placeFit(
  point: MatchedPoint,
  place: string,
  typed: AddressKeys,
  unconfirmed: GeocodingWarning[],
): PlaceFit | undefined {
  if (point.placeKey === place) return 'municipality';
  if (point.localityKey !== null && sameLocality(place, point.localityKey)) return 'locality';
  const rest = place.startsWith(point.placeKey) ? place.slice(point.placeKey.length) : '';
  if (point.placeKey.length >= MIN_PREFIX && rest.length >= 3) {
    if (point.localityKey === null) {
      unconfirmed.push('locality');
      return 'municipality';
    }
    if (sameLocality(rest, point.localityKey)) return 'municipality';
  }
  if (
    typed.postcode !== undefined &&
    place.length >= MIN_PREFIX &&
    point.placeKey.startsWith(place)
  ) {
    return 'prefix';
  }
  return undefined;
}

/** "Porz" and "Porz-Ensen" name one part of a city; "Porz" and "Poll" do not. */
function sameLocality(typed: string, published: string): boolean {
  if (typed === published) return true;
  const [shorter, longer] =
    typed.length < published.length ? [typed, published] : [published, typed];
  return shorter.length >= MIN_PREFIX && longer.startsWith(shorter);
}
