// Address → the state's official house coordinate, before any geocoder is
// asked. A typed postcode decides the states and the area first (the postcode
// directory); without one, every state with a postal place of the typed
// name must have points (a namesake elsewhere could be meant). Then street +
// number + suffix, checked against everything typed (candidateCheck.ts): `exact`, or `postcode_area` where the file carries no
// postcodes (the number without a typed suffix the file does not hold is
// another house: no point, `suffix_unexplained`); then a street of the same place whose name is close to
// the one typed (`similar_street`). Several points far apart are no answer:
// the geocoder decides then, never a guess between two buildings. A typed
// address with a part nothing explains (addressReader.ts), or an Ortsteil the
// file cannot confirm, gets no point: the answer says why (`declined`). A
// typed place that names the typed postcode's postal place constrains the
// points to that municipality (candidateCheck.ts); one that is an Ortsteil of
// one municipality and an Ortsteil or the name of another, the postcode
// deciding neither, gets none (`place_ambiguous`).
// Abbreviations are tried written out (streetAbbreviations.ts); a street with
// an initial ("K.-Liebknecht-Str.") is the one street of the place it fits.
// Which states have an active import is read at most once a minute: an
// address in a state without one (Niedersachsen sells its house coordinates,
// no open file; docs/operations.md) costs no query, and a new import shows
// within that minute, as the geocoding's memo of an address without a point
// (cachedGeocoding.ts) does.
import type { GeocodingMatch, GeocodingWarning } from '#shared/apiTypes.js';
import { LICENSES } from '#shared/texts.js';
import type { AddressCredit } from '#shared/apiTypes.js';
import type { LatLon } from '../../geo/latLon.js';
import { requiresCredit, type AddressSources } from './addressSources.js';
import { datasetLabel } from './datasetLabel.js';
import {
  checkCandidate,
  POSTCODE_DECLINED,
  type CheckedPoint,
  type Declined,
  type MatchScope,
} from './candidateCheck.js';
import { onlyWithoutSuffix, pick } from './pointChoice.js';
import { placeApart } from './placeApart.js';
import { boundedLru } from '../../memory/boundedLru.js';
import { placeKey } from '../addressKeys.js';
import {
  KIND_WORDS,
  namesMunicipality,
  namesPostalPlace,
  placeName,
  qualifiedKey,
  sameName,
  type PlaceName,
} from '../addressWords/placeNames.js';
import type { Box, OfficialPointRepository, MatchedPoint } from './officialPointRepository.js';
import { KM_PER_DEGREE, type PostcodeArea } from '../postcodes/postcodeArea.js';
import type { PostcodeDirectory } from '../postcodes/postcodeDirectory.js';
import { trigramSimilarity } from './trigramSimilarity.js';
import type { Clock } from '../../time/clock.js';
import type { AddressKeys, TypedAddress } from '../typedAddress.js';
import { stateId } from '#shared/germanStates.js';

/** Chosen: public importers use 0.8; 0.7 also finds "Bahnhofstr." for "Bahnhofsstraße". */
export const SIMILAR_STREET = 0.7;
/** The best street must be this much closer than the next one. */
const SIMILAR_MARGIN = 0.1;
/** Rows read around a postcode; an address with more candidates than this is left to the geocoder. */
const BOX_LIMIT = 2000;
/** Kilometres around a postcode's point where its area's points are looked for (see reaches()). */
const BOX_KM = 40;
/** Places remembered as municipalities of a file or not (a few bytes each). */
const KNOWN_PLACES = 10_000;
/** How long the states with an active import are taken as read. */
export const ACTIVE_STATES_MS = 60 * 1000;

/** How an official house coordinate was found, and what its licence asks an answer to say. */
export interface OfficialLocation {
  match: Exclude<GeocodingMatch, 'geocoder'>;
  /** A (in the building) or B (on the parcel), where the state publishes it. */
  quality?: 'A' | 'B';
  /** The state's dataset name and the date of its data. */
  dataset: string;
  /** The credit dl-de/by-2.0 and CC BY 4.0 require. */
  credit?: AddressCredit;
}

/** A place as the geocoder seam knows it, located by an official point. */
export interface OfficialPlace extends LatLon {
  displayName: string;
  state: string;
  municipality: string;
  official: OfficialLocation;
  /** Typed parts the point's data does not confirm. */
  warnings?: GeocodingWarning[];
}

/** An official point, or none and why where the reason is worth saying. */
export interface OfficialFinding {
  place: OfficialPlace | null;
  /** Why no point may answer though one may exist (warnings of the geocoder's answer). */
  declined: GeocodingWarning[];
}

export interface OfficialPoints {
  /** The official point of the address, or null when none matches unambiguously. */
  find(address: TypedAddress): Promise<OfficialPlace | null>;
  /** The same, with why none was used. */
  findWithReason(address: TypedAddress): Promise<OfficialFinding>;
}

/**
 * A postal place whose postcode points all lie this far from the typed
 * postcode's is another town, not the postcode's under another name (the
 * Ortsteile of a town with postcodes of their own lie within about 15 km).
 */
const FAR_KM = 30;

/** What the matcher reads of the repository. */
export type PointReads = Pick<
  OfficialPointRepository,
  | 'pointsInPlaces'
  | 'pointsInBox'
  | 'pointsInLocalities'
  | 'streetsIn'
  | 'activeStates'
  | 'placesKnown'
>;

export function createOfficialPoints(deps: {
  repository: PointReads;
  sources: AddressSources;
  postcodes: PostcodeDirectory;
  clock: Clock;
}): OfficialPoints {
  const { repository, postcodes } = deps;
  let read: { states: Promise<ReadonlySet<string>>; at: number } | undefined;
  /** Whether a place ("DE-ST:gernrode") is a municipality of its state's file, as read lately. */
  const municipalities = boundedLru<string, boolean>(KNOWN_PLACES, { ttl: ACTIVE_STATES_MS });

  /** The states with an active import, read again after ACTIVE_STATES_MS or a failed read. */
  function activeStates(): Promise<ReadonlySet<string>> {
    const now = deps.clock().getTime();
    if (!read || now - read.at >= ACTIVE_STATES_MS) {
      const states = repository.activeStates();
      const current = { states, at: now };
      read = current;
      states.catch(() => {
        if (read === current) read = undefined;
      });
    }
    return read.states;
  }

  /** The scope narrowed to states with an active import; undefined where none is left. */
  async function withPoints(scope: MatchScope): Promise<MatchScope | undefined> {
    const active = await activeStates();
    const states = new Set([...scope.states].filter((s) => active.has(stateId(s) ?? s)));
    return states.size === 0 ? undefined : { ...scope, states };
  }

  /** The states (and area) a typed address may be matched in; undefined: leave it to the geocoder. */
  function scopeOf(typed: AddressKeys): MatchScope | undefined {
    if (typed.postcode !== undefined) {
      const area = postcodes.area(typed.postcode);
      if (area && typed.postcodeRestored && !restoredFits(area.place, typed)) return undefined;
      if (area && namesAnotherNamesake(area, typed.place)) return undefined;
      return area && { states: postcodes.statesOf(area), ...postcodeScope(area, typed) };
    }
    const [place] = typed.placeKeys;
    if (place === undefined) return undefined;
    // "Naumburg", "Bad Soden", "Buckow", "Brandenburg": two places, and nothing typed says which.
    if (typed.place && postcodes.placesMeant(typed.place, typed.state) > 1) return undefined;
    // "Berlin-Spandau": a municipality and its Ortsteil, named by the municipality.
    const [municipality] = typed.place?.parts ?? [];
    const named = new Set([...postcodes.statesNamed(place), ...namesakeStates(typed.place)]);
    const meant = typed.place ? postcodes.placesNamed(typed.place) : [];
    const [onlyPlace] = meant.length === 1 ? meant : [];
    if (named.size > 0) return { states: named, ...(onlyPlace ? { onlyPlace } : {}) };
    // The Ortsteil narrows the points to one part of the municipality, in whichever state it is.
    if (municipality === undefined) return undefined;
    const states = postcodes.statesNamed(municipality);
    return states.size > 0 ? { states } : undefined;
  }

  /**
   * Whether the typed place says which namesake it is, or names a region
   * ("Westf."), and that is not the postcode's: "45130 Essen (Oldenburg)"
   * (Essen (Oldenburg) is in Niedersachsen, 45130 is Essen in NRW), since a
   * postal name without what tells namesakes apart agrees with any. In the
   * postcode's own states it may be the postcode's place under its full name
   * ("65428 Rüsselsheim am Main", whose postal name is Rüsselsheim).
   */
  function namesAnotherNamesake(area: PostcodeArea, name: PlaceName | undefined): boolean {
    if (name === undefined || name.qualifier === '') return false;
    const own = postcodes.statesOf(area);
    // "64839 Münster (Westf.)": Westfalen is no part of the postcode's Hessen.
    if (name.regions.length > 0 && !name.regions.some((state) => own.has(state))) return true;
    // "16259 Falkenberg/Elster": the postal place so named lies far from the postcode (04895,
    // 140 km); "06628 Naumburg (Saale)" is its Bad Kösen, whose postal name is its own.
    const postalSo = postcodes.placesNamed(name).filter((n) => n.qualifier === name.qualifier);
    if (postalSo.length > 0 && postalSo.every((n) => postcodes.kmToPlace(n.key, area) > FAR_KM))
      return true;
    const postal = placeName(area.place);
    if (postal.base !== name.base || postal.qualifier !== '') return false;
    const so = postcodes.statesNamed(qualifiedKey(name));
    return so.size > 0 && [...so].every((state) => !own.has(state));
  }

  /**
   * Without a postcode, every state with a postal place of the typed name
   * must have points: a namesake in a state without them ("Münster" in
   * Bayern) could be the address meant, and nothing would tell.
   */
  async function namesakesReadable(typed: AddressKeys, scope: MatchScope): Promise<boolean> {
    if (typed.postcode !== undefined) return true;
    const active = await activeStates();
    return [...scope.states].every((s) => active.has(stateId(s) ?? s));
  }

  /**
   * The states of the postal places a name may be: any of its namesakes; a
   * name that says which ("Halle (Saale)") those so named, or where no postal
   * name says so, those that say nothing ("Rüsselsheim am Main": Rüsselsheim).
   */
  function namesakeStates(name: PlaceName | undefined): ReadonlySet<string> {
    if (name === undefined) return new Set();
    if (name.qualifier === '') return postcodes.statesNamed(name.base);
    const so = postcodes.statesNamed(qualifiedKey(name));
    if (so.size > 0) return so;
    const all = postcodes.statesNamed(qualifiedKey({ ...name, qualifier: '' }));
    // "Münster (Westf.)": the namesakes in the region named, where no postal place is so named.
    return name.regions.length === 0
      ? all
      : new Set([...all].filter((s) => name.regions.includes(s)));
  }

  /**
   * The places whose points are read: as typed, the municipality of
   * "Berlin-Spandau", and the one postal place a short form means ("Frankfurt a.M.").
   */
  function placesToRead(typed: AddressKeys, scope: MatchScope): string[] {
    const [municipality] = typed.place?.parts ?? [];
    const only = scope.onlyPlace?.key;
    // The name without a kind word ("Gemeinde Hoppegarten") and without what tells namesakes
    // apart begins the file's name however that writes it ("Brandenburg/Havel": Brandenburg an
    // der Havel).
    const name = typed.place === undefined ? [] : [typed.place.key, typed.place.base];
    // "Stendal", "Eisleben" without a postcode: the file may write the town with its title.
    const titled = name.slice(1).flatMap((base) => KIND_WORDS.map((kind) => placeKey(kind) + base));
    return [
      ...new Set([
        ...typed.placeKeys,
        ...(municipality === undefined ? [] : [municipality]),
        ...(only === undefined ? [] : [only]),
        ...name,
        ...titled,
      ]),
    ];
  }

  /** The points at this street and number that agree with everything typed; undefined: too many to tell. */
  async function atStreet(
    typed: AddressKeys,
    scope: MatchScope,
    streetKey: string,
  ): Promise<CheckedPoint[] | Declined | typeof AMBIGUOUS | undefined> {
    const states = [...scope.states].flatMap((s) => stateId(s) ?? []);
    const { area } = scope;
    const places = area ? undefined : placesToRead(typed, scope);
    const candidates = area
      ? await repository.pointsInBox(streetKey, typed.number, states, around(area), BOX_LIMIT)
      : await repository.pointsInPlaces(streetKey, typed.number, places ?? [], states);
    if (candidates.length >= BOX_LIMIT) return undefined;
    // Without a postcode, a place read because the typed name begins it ("Cottbus" for
    // Cottbus/Chóśebuz) counts only as the municipality the name means, never by an Ortsteil
    // it holds (Frankfurt am Main's "Frankfurter Berg"), unless the name means that very
    // municipality ("Bad Homburg": Bad Homburg v.d. Höhe, in its Ortsteil Bad Homburg).
    const read = places && new Set(places);
    const only = scope.onlyPlace;
    const meant = (c: CheckedPoint) =>
      c.place === 'municipality' ||
      (only !== undefined && sameName(only, placeName(c.point.municipality)));
    const checked = candidates
      .map((p) => checkCandidate(p, typed, scope, postcodes))
      .filter((c) => !read || typeof c !== 'object' || read.has(c.point.placeKey) || meant(c));
    const agreeing = checked.filter((c): c is CheckedPoint => typeof c === 'object');
    // A point that would fit but for a part the file cannot confirm: none is used.
    const declined = checked.find((c): c is Declined => typeof c === 'string');
    if (declined !== undefined) return declined;
    if (await postcodeContradicted(agreeing, scope)) return POSTCODE_DECLINED;
    if (twoReadings(agreeing)) return AMBIGUOUS;
    if (places && (await ortsteilElsewhere(typed, streetKey, agreeing))) return AMBIGUOUS;
    // The place typed as it is, or as a locality, before the beginning of a name.
    const named = agreeing.filter((c) => c.place !== 'prefix');
    if (named.length > 0) return named;
    const municipalities = new Set(agreeing.map((c) => c.point.placeKey));
    return municipalities.size === 1 ? agreeing : [];
  }

  /**
   * Without a postcode, whether another municipality's Ortsteil of the typed
   * name, in any state with points, has this street and number: "Waldstraße
   * 18, Griesheim" is the town Griesheim's or Frankfurt am Main's in its
   * Ortsteil Griesheim, and nothing typed says which.
   */
  async function ortsteilElsewhere(
    typed: AddressKeys,
    streetKey: string,
    agreeing: readonly CheckedPoint[],
  ): Promise<boolean> {
    const [place] = typed.placeKeys;
    if (place === undefined || agreeing.length === 0) return false;
    const states = [...(await activeStates())];
    const answered = new Set(agreeing.map((c) => c.point.placeKey));
    const others = await repository.pointsInLocalities(streetKey, typed.number, [place], states);
    return others.some((p) => !answered.has(p.placeKey));
  }

  /** Whether every one of the places is a municipality of the state's file; remembered a minute per place. */
  async function allMunicipalities(places: readonly string[], state: string): Promise<boolean> {
    const unknown = places.filter((p) => !municipalities.has(`${state}:${p}`));
    if (unknown.length > 0) {
      const known = await repository.placesKnown(unknown, [state]);
      for (const p of unknown) municipalities.set(`${state}:${p}`, known.has(p));
    }
    return places.every((p) => municipalities.get(`${state}:${p}`) === true);
  }

  /**
   * Whether a point of a file without postcodes lies clearly nearer the
   * postcode point of a place that is no municipality of its file: a former
   * municipality, now an Ortsteil with a postcode of its own (Gernrode, 06507,
   * in Quedlinburg), which the typed postcode of the main town (06484) does
   * not explain. A neighbouring municipality's postcode is no other reading:
   * the file says the point is not in it.
   */
  async function postcodeContradicted(points: readonly CheckedPoint[], scope: MatchScope) {
    const area = scope.area;
    if (!area) return false;
    for (const c of points) {
      if (!c.unconfirmed.includes('postcode')) continue;
      const others = postcodes.nearerPlaces(area, c.point).filter((k) => k !== c.point.placeKey);
      if (others.length === 0) continue;
      if (!(await allMunicipalities(others, c.point.state))) return true;
    }
    return false;
  }

  /** The places whose streets an abbreviation or a similar name is looked for in. */
  function streetPlaces(typed: AddressKeys, scope: MatchScope): string[] {
    const only = scope.onlyPlace?.key;
    return only === undefined || typed.placeKeys.includes(only)
      ? typed.placeKeys
      : [...typed.placeKeys, only];
  }

  /** The street keys to try: as typed with abbreviations written out, or the one street an initial fits. */
  async function streetKeysOf(typed: AddressKeys, scope: MatchScope): Promise<string[]> {
    const pattern = typed.streetPattern;
    if (pattern === undefined) return typed.streetKeys;
    const states = [...scope.states].flatMap((s) => stateId(s) ?? []);
    const streets = await repository.streetsIn(streetPlaces(typed, scope), states);
    const fitting = new Set(streets.map((s) => s.streetKey).filter((key) => pattern.test(key)));
    return fitting.size === 1 ? [...fitting] : [];
  }

  async function similarStreet(typed: AddressKeys, scope: MatchScope) {
    const states = [...scope.states].flatMap((s) => stateId(s) ?? []);
    const streets = await repository.streetsIn(streetPlaces(typed, scope), states);
    const ranked = streets
      .map((s) => ({ key: s.streetKey, score: trigramSimilarity(s.streetKey, typed.streetKey) }))
      .sort((a, b) => b.score - a.score);
    const [best, next] = ranked;
    if (!best || best.score < SIMILAR_STREET) return undefined;
    // "Breiter Weg Nord", "Am Marktplatz" for Breiter Weg, Am Markt: a word more is another street, no typo.
    if (wordMore(typed.streetWords, best.key)) return undefined;
    // "Heidelberger 200" begins Heidelberger Straße and Heidelberger Landstraße: no typo of one.
    const begun = streets.filter((s) => s.streetKey.startsWith(typed.streetKey));
    if (new Set(begun.map((s) => s.streetKey)).size > 1) return undefined;
    if (next && next.key !== best.key && best.score - next.score < SIMILAR_MARGIN) return undefined;
    return best.key;
  }

  /** As typed, then, where that finds no point, with the place taken apart (placeApart.ts). */
  async function findWithReason(address: TypedAddress): Promise<OfficialFinding> {
    const found = await findAsRead(address);
    if (found.place || !found.declined.every((d) => d === 'not_in_official_data')) return found;
    const apart = placeApart(address, postcodes);
    return apart ? findAsRead(apart) : found;
  }

  async function findAsRead(address: TypedAddress): Promise<OfficialFinding> {
    if (address.unexplained.length > 0) return { place: null, declined: address.unexplained };
    const typed = address.keys;
    const typedScope = typed && scopeOf(typed);
    if (typed?.state !== undefined && typedScope && !typedScope.states.has(typed.state)) {
      return { place: null, declined: ['state_unexplained'] };
    }
    const scope = typedScope && (await withPoints(inState(typedScope, typed?.state)));
    if (!typed || !scope) return NONE;
    if (!(await namesakesReadable(typed, inState(typedScope, typed.state)))) return NONE;
    const restored: GeocodingWarning[] = typed.postcodeRestored ? ['postcode_restored'] : [];
    for (const key of await streetKeysOf(typed, scope)) {
      const points = await atStreet(typed, scope, key);
      if (typeof points === 'string') return { place: null, declined: [points] };
      const chosen = pick(points ?? [], typed);
      if (chosen) {
        const warnings = [...chosen.warnings, ...restored];
        return { place: toPlace(chosen.point, chosen.match, warnings, deps.sources), declined: [] };
      }
      if (onlyWithoutSuffix(points ?? [], typed)) {
        return { place: null, declined: ['suffix_unexplained'] };
      }
    }
    const street = await similarStreet(typed, scope);
    if (street === undefined || typed.streetKeys.includes(street)) return NOT_FOUND;
    const points = await atStreet(typed, scope, street);
    if (typeof points === 'string') return { place: null, declined: [points] };
    const similar = pick(points ?? [], typed);
    if (!similar) return NOT_FOUND;
    const warnings: GeocodingWarning[] = [...similar.warnings, 'street', ...restored];
    return {
      place: toPlace(similar.point, 'similar_street', warnings, deps.sources),
      declined: [],
    };
  }

  return {
    findWithReason,
    async find(address) {
      return (await findWithReason(address)).place;
    },
  };
}

const NONE: OfficialFinding = { place: null, declined: [] };
/** The state's file was asked and holds no address that fits everything typed. */
const NOT_FOUND: OfficialFinding = { place: null, declined: ['not_in_official_data'] };

/** The typed place is an Ortsteil of one municipality and an Ortsteil or the name of another. */
const AMBIGUOUS = 'place_ambiguous' as const;

/** Whether the points read the typed place as an Ortsteil and in more than one municipality. */
function twoReadings(points: readonly CheckedPoint[]): boolean {
  if (!points.some((c) => c.place === 'locality')) return false;
  return new Set(points.map((c) => c.point.placeKey)).size > 1;
}

/** A state typed after the place narrows the scope to it. */
function inState(scope: MatchScope, state: string | undefined): MatchScope {
  return state === undefined ? scope : { ...scope, states: new Set([state]) };
}

/**
 * A postcode read with a restored leading zero counts only where its postal
 * place is the place typed ("6844 Dessau-Roßlau": 06844 Dessau; "1987
 * Schwarzheide": 01987 Schwarzheide Niederlausitz).
 */
function restoredFits(postalPlace: string, typed: AddressKeys): boolean {
  return typed.place !== undefined && namesPostalPlace(typed.place, postalPlace);
}

/**
 * The typed postcode's area, and its postal place where the typed place names
 * it ("65812 Bad Soden": Bad Soden am Taunus; "63628 Salmünster": Bad
 * Soden-Salmünster): then only that municipality's points answer, never an
 * Ortsteil of the same name of another municipality within the area's reach.
 */
function postcodeScope(area: PostcodeArea, typed: AddressKeys): Omit<MatchScope, 'states'> {
  const postal = placeName(area.place);
  const named = typed.place !== undefined && namesMunicipality(typed.place, postal);
  return named ? { area, municipality: postal } : { area };
}

/** The box in which a postcode's points are looked for. */
function around(area: PostcodeArea): Box {
  const lat = BOX_KM / KM_PER_DEGREE;
  const lon = lat / Math.cos((area.lat * Math.PI) / 180);
  return {
    west: area.lon - lon,
    south: area.lat - lat,
    east: area.lon + lon,
    north: area.lat + lat,
  };
}

function toPlace(
  point: MatchedPoint,
  match: OfficialLocation['match'],
  warnings: GeocodingWarning[],
  sources: AddressSources,
): OfficialPlace | null {
  const source = sources.find(point.state);
  if (!source?.import) return null;
  const official: OfficialLocation = {
    match,
    ...(point.quality === 'A' || point.quality === 'B' ? { quality: point.quality } : {}),
    dataset: datasetLabel(source.dataset, point),
    ...(requiresCredit(source)
      ? {
          credit: {
            text: `Hauskoordinaten: © ${source.credit ?? source.name}, ${LICENSES[source.license].name} (${source.license})`,
            license_url: LICENSES[source.license].url,
            source_url: source.download.startsWith('https://') ? source.download : undefined,
          },
        }
      : {}),
  };
  const postal = point.postcode === null ? '' : `${point.postcode} `;
  // "Frankfurt am Main, Stadt": what follows the comma is the kind of municipality.
  const municipality = point.municipality.replace(/,.*$/, '');
  return {
    lat: point.lat,
    lon: point.lon,
    displayName: `${point.street} ${point.houseNumber}, ${postal}${municipality}`,
    state: point.state,
    municipality,
    official,
    ...(warnings.length > 0 ? { warnings } : {}),
  };
}

/** Whether the file's street key is the typed street without its first or last words. */
function wordMore(typed: readonly string[], key: string): boolean {
  for (let cut = 1; cut < typed.length; cut += 1) {
    if (typed.slice(cut).join('') === key || typed.slice(0, -cut).join('') === key) return true;
  }
  return false;
}
