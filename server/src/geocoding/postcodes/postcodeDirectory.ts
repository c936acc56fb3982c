// What a typed postcode means without any state's address file: its state
// (and the neighbouring states a border postcode may reach into), where its
// area lies, and which states have a postal place of a given name. NW, HE, ST
// and BW publish house coordinates without postcodes: a typed postcode is
// checked against those points by this directory only.
import Flatbush from 'flatbush';
import type { LatLon } from '../../geo/latLon.js';
import { placeKey } from '../addressKeys.js';
import {
  placeName,
  postalNameKeys,
  qualifiersAgree,
  type PlaceName,
} from '../addressWords/placeNames.js';
import { kilometres, type PostcodeArea } from './postcodeArea.js';
import type { Municipality } from './municipalityFile.js';
import { createNamesakes } from './namesakes.js';

const asPlace = ({ name, state }: Pick<Municipality, 'state' | 'name'>) => ({ place: name, state });

/**
 * A point lies in a postcode's area when it is at most this many times as far
 * from the postcode's point as from the nearest postcode point of all, plus
 * the slack below: were the areas the cells around their points, the two
 * distances would be equal; areas are irregular and the points are not their
 * centres, hence twice and a kilometre. That still rules out a building on
 * the other side of a city: Köln's Hauptstraße in Rodenkirchen for 51143
 * (Porz) is 4.6 km from 51143's point and 0.6 km from 50996's; the one in
 * Porz for 50996 is 5.0 km from 50996's point and 1.4 km from 51145's.
 */
const REACH_FACTOR = 2;
const REACH_SLACK_KM = 1;
/**
 * A point of a file without postcodes is confirmed for a typed postcode only
 * where that postcode's point is the nearest of the points of the postcodes
 * with the same postal place, or about as near (a quarter farther and
 * 250 m): within a city the areas are small and a long street runs through
 * several of them, and a point the reach above allows may lie in the
 * neighbouring area (Aachener Straße in Köln: 50674, 50931, 50933). The
 * postal place's own postcodes compete, and those of the point's
 * municipality where it is a postal place of its own: "63225 Dreieich" is
 * Langen's postcode beside Dreieich's 63303, which lies nearer a building in
 * Dreieich. A neighbouring town's postcode that the point's municipality has
 * none of (Rehfelde under 15345 Strausberg) competes with its own place's
 * only, so a place with one postcode is confirmed by the reach alone. Representative
 * points cannot tell more: a true address near its area's edge is often
 * nearer another area's point. The matcher declines such a point
 * (`postcode_unconfirmed`) rather than answer it; the geocoder decides.
 */
const CONFIRM_FACTOR = 1.25;
const CONFIRM_SLACK_KM = 0.25;
/** Longitude scaled for the index: nearest points in kilometres, not degrees (cos 51°). */
const LON_SCALE = Math.cos((51 * Math.PI) / 180);
/** Nearest points read from the index before the exact distance picks one. */
const NEIGHBOURS = 4;

export interface PostcodeDirectory {
  /** The area of a five-digit postcode; undefined for one the directory does not know. */
  area(postcode: string): PostcodeArea | undefined;
  /** Whether a point can lie in the postcode's area (see REACH_FACTOR). */
  reaches(area: PostcodeArea, point: LatLon): boolean;
  /**
   * Whether the postcode's point is the nearest to the point of its postal
   * place's and of the point's own municipality's (a placeKey), or about as
   * near (see CONFIRM_FACTOR).
   */
  confirms(area: PostcodeArea, point: LatLon, municipality: string): boolean;
  /**
   * The postal places (placeKeys) of other names whose postcode points lie
   * clearly nearer the point than the postcode's own (see CONFIRM_FACTOR):
   * where one is no municipality of the point's file, it may be an Ortsteil
   * of the point's merged municipality with a postcode of its own.
   */
  nearerPlaces(area: PostcodeArea, point: LatLon): string[];
  /**
   * The postal places a name typed without a postcode can mean: those of the
   * same name whose distinguishing parts agree ("Frankfurt a.M.": Frankfurt am
   * Main; "Frankfurt": both Frankfurts), as their names.
   */
  placesNamed(name: PlaceName): PlaceName[];
  /**
   * Two-letter codes of the states with a postal place or a municipality
   * known by this key (a placeKey: the whole name, without its qualifier, or
   * its leading words).
   */
  statesNamed(key: string): ReadonlySet<string>;
  /** The area's own state and the states it may reach into. */
  statesOf(area: PostcodeArea): ReadonlySet<string>;
  /** Kilometres from the point to the nearest postcode point of the postal place (a placeKey); Infinity for none. */
  kmToPlace(key: string, point: LatLon): number;
  /** How many places a name typed without a postcode can mean, in the typed state if any (namesakes.ts). */
  placesMeant(name: PlaceName, state?: string): number;
}

/**
 * The directory of the postcode areas; `municipalities` adds the names of
 * municipalities that no postcode's place names (several share a postcode)
 * to the namesakes statesNamed knows.
 */
export function createPostcodeDirectory(
  areas: readonly PostcodeArea[],
  municipalities: readonly Municipality[] = [],
): PostcodeDirectory {
  const namesakes = createNamesakes(areas, municipalities);
  const byPostcode = new Map(areas.map((a) => [a.postcode, a]));
  const byPlace = new Map<string, PostcodeArea[]>();
  for (const a of areas) {
    const key = placeKey(a.place);
    byPlace.set(key, [...(byPlace.get(key) ?? []), a]);
  }
  const index = new Flatbush(Math.max(1, areas.length));
  for (const a of areas) index.add(a.lon * LON_SCALE, a.lat, a.lon * LON_SCALE, a.lat);
  index.finish();
  const stateSet = internedStateSets();
  const named = new Map<string, ReadonlySet<string>>();
  for (const { place: name, state } of [...areas, ...municipalities.map(asPlace)]) {
    for (const key of postalNameKeys(name)) {
      const states = named.get(key);
      if (!states?.has(state)) named.set(key, stateSet([...(states ?? []), state]));
    }
  }
  const none = stateSet([]);
  const byBase = new Map<string, PlaceName[]>();
  for (const a of areas) {
    const name = placeName(a.place);
    const same = byBase.get(name.base) ?? [];
    if (!same.some((n) => n.key === name.key)) byBase.set(name.base, [...same, name]);
  }

  /** Kilometres from the point to the nearest postcode point of all. */
  function nearestKm(point: LatLon): number {
    return Math.min(
      ...index
        .neighbors(point.lon * LON_SCALE, point.lat, NEIGHBOURS)
        .map((i) => areas[i])
        .map((a) => (a === undefined ? Infinity : kilometres(point, a))),
    );
  }

  return {
    area: (postcode) => byPostcode.get(postcode),
    reaches: (area, point) =>
      kilometres(point, area) <= REACH_FACTOR * nearestKm(point) + REACH_SLACK_KM,
    confirms: (area, point, municipality) => {
      const siblings = [
        ...(byPlace.get(placeKey(area.place)) ?? [area]),
        ...(byPlace.get(municipality) ?? []),
      ];
      const nearest = Math.min(...siblings.map((a) => kilometres(point, a)));
      return kilometres(point, area) <= CONFIRM_FACTOR * nearest + CONFIRM_SLACK_KM;
    },
    nearerPlaces: (area, point) => {
      const own = placeKey(area.place);
      const distance = kilometres(point, area);
      const nearer = index
        .neighbors(point.lon * LON_SCALE, point.lat, NEIGHBOURS)
        .flatMap((i) => areas[i] ?? [])
        .filter((a) => distance > CONFIRM_FACTOR * kilometres(point, a) + CONFIRM_SLACK_KM)
        .map((a) => placeKey(a.place))
        .filter((key) => key !== own);
      return [...new Set(nearer)];
    },
    placesNamed: (name) => {
      const same = byBase.get(name.base) ?? [];
      // "Halle/S." says which: Halle (Saale), not the Halle of Niedersachsen without a qualifier.
      const so = same.filter((n) => name.qualifier !== '' && n.qualifier === name.qualifier);
      return so.length > 0 ? so : same.filter((n) => qualifiersAgree(name.qualifier, n.qualifier));
    },
    statesNamed: (key) => named.get(key) ?? none,
    statesOf: (area) => stateSet([area.state, ...area.nearStates]),
    placesMeant: (name, state) => namesakes.placesMeant(name, state),
    kmToPlace: (key, point) =>
      Math.min(...(byPlace.get(key) ?? []).map((a) => kilometres(point, a))),
  };
}

/**
 * One shared set per list of states: the 8,300 postcodes and 8,000 place names
 * come down to a few hundred lists, and a set of its own for each was 2.4 MB
 * of the idle heap. A list keeps its order (own state first), duplicates dropped.
 */
function internedStateSets(): (states: readonly string[]) => ReadonlySet<string> {
  const sets = new Map<string, ReadonlySet<string>>();
  return (states) => {
    const unique = states.filter((state, i) => states.indexOf(state) === i);
    const key = unique.join(',');
    let set = sets.get(key);
    if (set === undefined) sets.set(key, (set = new Set(unique)));
    return set;
  };
}
