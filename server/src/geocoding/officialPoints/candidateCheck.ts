// Whether an official point agrees with everything typed. A point whose own
// data contradicts the input (another state than the postcode's, another
// postcode, a place or locality other than the one typed, a position outside
// the typed postcode's area) is never used; what the point's data cannot
// confirm (a postcode where the file has none, a locality where it names
// none) is said in the answer's warnings. A typed Ortsteil, or a place that
// is only part of a merged municipality's name ("Rheda" of
// Rheda-Wiedenbrück, "Petershagen" of Petershagen/Eggersdorf), constrains
// the point to that part: where the file names no Ortsteile to confirm it,
// the point is declined (`locality_unconfirmed`), never taken from another
// part. A typed place
// that names the typed postcode's postal place (whole, without what tells
// namesakes apart, or one part of a merged name) constrains the point to
// that municipality: an Ortsteil of the same name elsewhere never answers.
// A point of a file without postcodes within the typed postcode's reach but
// about as near another postcode's point is declined (`postcode_unconfirmed`):
// the representative points cannot tell which area it lies in.
import type { GeocodingWarning } from '#shared/apiTypes.js';
import type { MatchedPoint } from './officialPointRepository.js';
import type { PostcodeArea } from '../postcodes/postcodeArea.js';
import type { PostcodeDirectory } from '../postcodes/postcodeDirectory.js';
import type { AddressKeys } from '../typedAddress.js';
import {
  placeName,
  qualifiedKey,
  qualifiersAgree,
  sameName,
  type PlaceName,
} from '../addressWords/placeNames.js';
import { editDistance } from './editDistance.js';
import { placeKey } from '../addressKeys.js';
import { inBerlinDistrict } from '../addressWords/berlinDistricts.js';
import { stateCode } from '#shared/germanStates.js';

/** What a typed address may be matched against. */
export interface MatchScope {
  /** Two-letter codes of the states whose points may answer. */
  states: ReadonlySet<string>;
  /** The typed postcode's area, when a postcode was typed. */
  area?: PostcodeArea;
  /** The area's postal place, where the typed place names it: only its points may answer. */
  municipality?: PlaceName;
  /** Without a postcode: the one postal place of Germany the typed name can mean ("Bad Homburg"). */
  onlyPlace?: PlaceName;
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
/** A place typed this long or longer may differ from the published name by one letter. */
const MIN_SPELLING = 4;

/** The point would fit, were the typed part confirmed: the file names no Ortsteile. */
export const DECLINED = 'locality_unconfirmed' as const;
/** The point would fit, were the typed postcode confirmed: it may lie in a neighbouring area. */
export const POSTCODE_DECLINED = 'postcode_unconfirmed' as const;
export type Declined = typeof DECLINED | typeof POSTCODE_DECLINED;

export function checkCandidate(
  point: MatchedPoint,
  typed: AddressKeys,
  scope: MatchScope,
  postcodes: Pick<PostcodeDirectory, 'reaches' | 'confirms' | 'statesNamed'>,
): CheckedPoint | Declined | undefined {
  if (!scope.states.has(stateCode(point.state) ?? point.state)) return undefined;
  if (scope.municipality && !ofMunicipality(point, scope.municipality, typed)) return undefined;
  const unconfirmed: GeocodingWarning[] = [];
  if (
    typed.postcode !== undefined &&
    point.postcode !== null &&
    point.postcode !== typed.postcode
  ) {
    return undefined;
  }
  const [place, ...localities] = typed.placeKeys;
  // "55252 Mainz": a town's name beside another town's postcode begins no Ortsteil (Mainz-Kastel).
  const otherTown =
    place !== undefined &&
    typed.postcode !== undefined &&
    scope.municipality === undefined &&
    postcodes.statesNamed(place).size > 0;
  const fit =
    place === undefined
      ? 'municipality'
      : placeFit(point, place, typed, scope, unconfirmed, otherTown, postcodes);
  if (fit === undefined || fit === DECLINED) return fit;
  for (const locality of localities) {
    if (locality === point.placeKey) continue;
    if (point.localityKey === null) return DECLINED;
    if (!localityFits(locality, point, point.localityKey)) return undefined;
  }
  // Last, as the dearest check: a file without postcodes is checked against the postcode's area.
  if (typed.postcode !== undefined && point.postcode === null) {
    if (!scope.area || !postcodes.reaches(scope.area, point)) return undefined;
    if (!postcodes.confirms(scope.area, point, point.placeKey)) return POSTCODE_DECLINED;
    unconfirmed.unshift('postcode');
  }
  return { point, place: fit, unconfirmed };
}

/**
 * The municipality typed; a locality typed as the place ("Bornheim" for
 * Frankfurt am Main-Bornheim); "Köln-Porz" as municipality and locality; the
 * name without what tells namesakes apart ("Halle/S." for Halle (Saale),
 * "Frankfurt" for Frankfurt (Oder) where a postcode decided the area); one
 * part of a merged name ("Rheda"), only as the point's locality; where the
 * postcode confirms the area, a name one slip of the finger away.
 */
function placeFit(
  point: MatchedPoint,
  place: string,
  typed: AddressKeys,
  scope: MatchScope,
  unconfirmed: GeocodingWarning[],
  otherTown: boolean,
  postcodes: Pick<PostcodeDirectory, 'statesNamed'>,
): PlaceFit | typeof DECLINED | undefined {
  if (point.placeKey === place) return 'municipality';
  // "Cott" begins the Ortsteil Cottbus of Cottbus/Chóśebuz only as a town name cut short.
  const cutTown = point.placeKey.startsWith(place) && point.placeKey !== place;
  if (
    point.localityKey !== null &&
    localityFits(place, point, point.localityKey, !otherTown && !cutTown)
  )
    return 'locality';
  // Cheap first: a name that shares neither its beginning nor a part with the point's is none of these.
  const name = typed.place;
  const typedStart = (name?.base ?? place).slice(0, 2);
  if (point.placeKey.slice(0, 2) !== typedStart && !(name && point.placeKey.includes(name.key))) {
    return undefined;
  }
  const published = placeName(point.municipality);
  if (
    name &&
    name.base === published.base &&
    qualifiersAgree(name.qualifier, published.qualifier)
  ) {
    // "Frankfurt a.M.-Höchst", "… am Main (Seckbach)": a name after the distinguishing part is an Ortsteil.
    if (name.tail !== published.tail) {
      if (published.tail !== '') return undefined;
      if (point.localityKey === null) return DECLINED;
      return localityFits(name.tail, point, point.localityKey) ? 'municipality' : undefined;
    }
    // "Bochum (Sparkasse)": what follows the name must be known to tell namesakes apart, or a
    // region of the point's state; else the point does not explain it.
    if (
      name.qualifier !== '' &&
      published.qualifier === '' &&
      !qualifierKnown(name, point, postcodes)
    )
      return undefined;
    if (name.qualifier !== '' || published.qualifier === '') return 'municipality';
    // "Petershagen" for a point of Petershagen/Eggersdorf in Eggersdorf: the other part.
    if (mergedAtLocality(point)) return undefined;
    if (typed.postcode !== undefined) return 'prefix';
    // No namesake anywhere: "Bad Homburg" is Bad Homburg vor der Höhe.
    if (scope.onlyPlace && sameName(scope.onlyPlace, published)) return 'municipality';
  }
  for (const prefix of new Set([point.placeKey, published.base])) {
    const rest = place.startsWith(prefix) ? place.slice(prefix.length) : '';
    if (prefix.length >= MIN_PREFIX && rest.length >= 3) {
      if (point.localityKey === null) return DECLINED;
      return localityFits(rest, point, point.localityKey) ? 'municipality' : undefined;
    }
  }
  if (name && published.parts.includes(name.key))
    return point.localityKey === null ? DECLINED : undefined;
  const slip = published.base.length >= 9 ? 2 : 1;
  if (
    name &&
    typed.postcode !== undefined &&
    !typed.postcodeRestored &&
    name.base.length >= MIN_SPELLING &&
    name.base !== published.base &&
    qualifiersAgree(name.qualifier, published.qualifier) &&
    published.parts.length === 0 &&
    // "19322 (Lutherstadt) Wittenberg" names Wittenberg, not a slip for Wittenberge.
    postcodes.statesNamed(place).size === 0 &&
    postcodes.statesNamed(name.key).size === 0 &&
    editDistance(name.base, published.base) <= slip
  ) {
    unconfirmed.push('place_spelling');
    return 'municipality';
  }
  return undefined;
}

/**
 * A typed qualifier some namesake bears ("Rüsselsheim am Main"; "Essen
 * (Ruhr)" none), or a region of the point's state.
 */
function qualifierKnown(
  name: PlaceName,
  point: MatchedPoint,
  postcodes: Pick<PostcodeDirectory, 'statesNamed'>,
): boolean {
  const state = stateCode(point.state) ?? point.state;
  return name.regions.includes(state) || postcodes.statesNamed(qualifiedKey(name)).size > 0;
}

/**
 * Whether the point's municipality is two names joined by a slash and the
 * point lies in the Ortsteil of the second ("Petershagen/Eggersdorf" in
 * Eggersdorf): a merged municipality's name, not a name with what tells
 * namesakes apart ("Cottbus/Chóśebuz", "Lahr/Schwarzwald"), so its first part
 * names the other Ortsteil.
 */
function mergedAtLocality(point: MatchedPoint): boolean {
  const slash = point.municipality.indexOf('/');
  return (
    slash > 0 &&
    point.localityKey !== null &&
    placeKey(point.municipality.slice(slash + 1)) === point.localityKey
  );
}

/**
 * Whether the point lies in the municipality (its published name may say
 * more: "…, Stadt"), or in the one part of the postal name the place typed
 * and the file both name: a municipality renamed since ("15526 Bad Saarow",
 * whose postal name is Bad Saarow-Pieskow).
 */
function ofMunicipality(point: MatchedPoint, municipality: PlaceName, typed: AddressKeys): boolean {
  if (point.placeKey === municipality.key) return true;
  if (typed.placeKeys[0] === point.placeKey && municipality.parts.includes(point.placeKey)) {
    return true;
  }
  // "15831 Mahlow", whose postal name is one part of Blankenfelde-Mahlow: a point the file puts
  // in that part.
  if (
    point.localityKey === municipality.key &&
    placeName(point.municipality).parts.includes(municipality.key)
  ) {
    return true;
  }
  // Cheap first: a name that does not hold the municipality's is another ("Lutherstadt Eisleben" holds it).
  return (
    point.placeKey.includes(municipality.base) &&
    sameName(placeName(point.municipality), municipality)
  );
}

/** The typed Ortsteil is the point's, or a Bezirk of Berlin holding it ("Reinickendorf" for Tegel). */
function localityFits(
  typed: string,
  point: MatchedPoint,
  locality: string,
  prefix = true,
): boolean {
  return (
    sameLocality(typed, locality, prefix ? point.locality : null) ||
    inBerlinDistrict(typed, point.placeKey, locality)
  );
}

/** What parts the words of an Ortsteil's name: spaces, hyphens, slashes. */
const LOCALITY_WORDS = /[\s/-]+/;

/**
 * "Sachsenhausen" typed names the published "Sachsenhausen-Nord" (its first
 * word); "Sachsen" does not, nor "Nied" (an Ortsteil of its own) "Niederrad".
 * A typed name longer than the published one says more than the point
 * confirms ("Klosterfelde/Stolzenhagen" for Klosterfelde). Without the
 * published name (an import older than the names), only the whole name fits.
 */
function sameLocality(typed: string, published: string, name: string | null): boolean {
  if (typed === published) return true;
  if (name === null || typed.length < MIN_PREFIX || !published.startsWith(typed)) return false;
  const words = name.split(LOCALITY_WORDS);
  return words.some((_, i) => i > 0 && placeKey(words.slice(0, i).join(' ')) === typed);
}
