// How a place name is read: the name a municipality is known by, the river
// or region that tells namesakes apart ("Frankfurt am Main", "Halle
// (Saale)", "Mülheim an der Ruhr"; typed "Frankfurt a.M.", "Halle/S.",
// "Mülheim/Ruhr"), and the parts of a merged municipality's name
// ("Rheda-Wiedenbrück": Rheda and Wiedenbrück, each only a part of it).
import { placeKey } from '../addressKeys.js';

/** Short forms of whole place names. One table: docs/api.md lists it. */
export const PLACE_VARIANTS: Readonly<Record<string, string>> = {
  ffm: 'Frankfurt am Main',
  hh: 'Hamburg',
  muc: 'München',
  ddorf: 'Düsseldorf',
  mg: 'Mönchengladbach',
};

/**
 * Words before a name that say the kind of municipality or its title, not its
 * name ("Stadt Bad Soden", "Lutherstadt Wittenberg", "Hansestadt Rostock"),
 * as ", Stadt" after it does. One table: docs/api.md lists it.
 */
export const KIND_WORDS: readonly string[] = [
  'Stadt',
  'Gemeinde',
  'Lutherstadt',
  'Hansestadt',
  'Universitätsstadt',
  'Kreisstadt',
];
const KIND = new RegExp(`^\\s*(?:${KIND_WORDS.join('|')})\\s+(?=\\S)`, 'i');

/**
 * What begins the distinguishing part of a name: a bracket, a slash, or one
 * of these words ("am Main", "a. M.", "an der Ruhr", "a.d. Saale", "bei
 * Berlin", "im Taunus", "in Unterfranken", "ob der Tauber").
 */
const QUALIFIER =
  /\s*(?:[(/]|\s(?:am|an\s+der|an|a\.\s*d\.|a\.|bei|b\.|im|i\.|in|ob|o\.|vor\s+der|v\.\s*d\.)\s+|\s(?:a|i|v)\.(?=\S))/i;

/**
 * Regions that tell namesakes apart, by the placeKey of the distinguishing
 * part, with the states they lie in ("Münster (Westf.)", "Essen (Oldb.)",
 * "Lichtenstein/Sa."): a typed one must fit the typed postcode's states. One
 * table: docs/api.md lists it.
 */
export const QUALIFIER_REGIONS: Readonly<Record<string, readonly string[]>> = {
  westf: ['NW'],
  westfalen: ['NW'],
  oldb: ['NI'],
  oldenburg: ['NI'],
  pfalz: ['RP'],
  hunsrueck: ['RP'],
  westerwald: ['RP'],
  eifel: ['NW', 'RP'],
  rheinland: ['NW', 'RP'],
  thuer: ['TH'],
  thueringen: ['TH'],
  sa: ['SN'],
  sachs: ['SN'],
  sachsen: ['SN'],
  vogtl: ['SN'],
  erzgeb: ['SN'],
  holst: ['SH'],
  holstein: ['SH'],
  baden: ['BW'],
  wuertt: ['BW'],
  wuerttemberg: ['BW'],
  bayern: ['BY'],
  oberbayern: ['BY'],
  oberpfalz: ['BY'],
  mittelfranken: ['BY'],
  oberfranken: ['BY'],
  unterfranken: ['BY'],
  meckl: ['MV'],
  mecklenburg: ['MV'],
  vorpommern: ['MV'],
  altmark: ['ST'],
  anhalt: ['ST'],
  saar: ['SL'],
  hessen: ['HE'],
};

export interface PlaceName {
  /** placeKey of the whole name. */
  key: string;
  /** placeKey of the name without its distinguishing part. */
  base: string;
  /** First letter of the distinguishing part ('' none): "a.M." and "am Main" agree. */
  qualifier: string;
  /** placeKeys of the hyphenated parts of the base, where there are two or more. */
  parts: string[];
  /** The states of a region the distinguishing part names (QUALIFIER_REGIONS); [] for none. */
  regions: readonly string[];
  /**
   * placeKey of a name hyphenated, bracketed or slashed to the distinguishing
   * part ('' none): an Ortsteil ("Frankfurt am Main-Höchst", "Oberharz am
   * Brocken-Elbingerode", "Mülheim an der Ruhr (Saarn)").
   */
  tail: string;
}

const NO_REGIONS: readonly string[] = [];
/** What begins a name after the distinguishing part: a hyphen, a bracket, a slash. */
const AFTER_QUALIFIER = /\s*[-(/]\s*/;

export function placeName(written: string): PlaceName {
  const name = (PLACE_VARIANTS[placeKey(written)] ?? written.split(',')[0] ?? '').replace(KIND, '');
  const cut = QUALIFIER.exec(name);
  const baseText = cut ? name.slice(0, cut.index) : name;
  const [rest = '', ...tail] = cut
    ? name.slice(cut.index + cut[0].length).split(AFTER_QUALIFIER)
    : [];
  const distinguishing = placeKey(rest.replace(/^(?:der|d\.)\s*/i, ''));
  const qualifier = distinguishing.charAt(0);
  const parts = baseText
    .split(/\s*-\s*/)
    .map(placeKey)
    .filter((p) => p !== '');
  return {
    key: placeKey(name),
    base: placeKey(baseText),
    qualifier,
    parts: parts.length > 1 ? parts : [],
    regions: QUALIFIER_REGIONS[distinguishing] ?? NO_REGIONS,
    tail: placeKey(tail.join(' ')),
  };
}

/** A leading word of a postal place's name shorter than this is no name of its own ("Bad"). */
const MIN_LEADING_WORDS = 4;

/**
 * The keys a postal place is known by: the whole name, the name without what
 * tells namesakes apart ("Brandenburg / Havel": brandenburg), that name with
 * the qualifier's first letter (qualifiedKey), and its leading
 * words where the postal name adds a region after a space ("Schwarzheide
 * Niederlausitz": schwarzheide).
 */
export function postalNameKeys(postalPlace: string): string[] {
  const name = placeName(postalPlace);
  const cut = QUALIFIER.exec(postalPlace);
  const words = (cut ? postalPlace.slice(0, cut.index) : postalPlace)
    .replace(KIND, '')
    .split(/\s+/);
  const leading = words
    .slice(1)
    .map((_, i) => placeKey(words.slice(0, i + 1).join(' ')))
    .filter((key) => key.length >= MIN_LEADING_WORDS);
  return [...new Set([name.key, name.base, qualifiedKey(name), ...leading])];
}

/**
 * The base with the first letter of what tells namesakes apart ("halle:s"
 * for "Halle (Saale)" and "Halle/S."; "halle:" for a name without one): a
 * typed name that says which namesake is looked up by it alone.
 */
export function qualifiedKey(name: PlaceName): string {
  return `${name.base}:${name.qualifier}`;
}

/**
 * Whether a typed place names a postal place: by one of its keys, or the
 * postal place is one part of the typed merged name ("Dessau-Roßlau" and
 * the postal place Dessau).
 */
export function namesPostalPlace(typed: PlaceName, postalPlace: string): boolean {
  const keys = postalNameKeys(postalPlace);
  return (
    sameName(typed, placeName(postalPlace)) ||
    keys.includes(typed.key) ||
    keys.includes(typed.base) ||
    typed.parts.some((part) => keys.includes(part))
  );
}

/** Whether two distinguishing parts can name the same place ("M" and "Main"; none and any). */
export function qualifiersAgree(a: string, b: string): boolean {
  return a === '' || b === '' || a === b;
}

/**
 * Whether two names can name the same municipality: the same name, or the
 * same without what tells namesakes apart where both do not disagree on it
 * ("Halle/S." and "Halle (Saale)"; "Bad Soden" and "Bad Soden am Taunus").
 */
export function sameName(a: PlaceName, b: PlaceName): boolean {
  return a.key === b.key || (a.base === b.base && qualifiersAgree(a.qualifier, b.qualifier));
}

/**
 * Whether a typed name names the municipality: as sameName, or as one part
 * of its merged name ("Salmünster" of Bad Soden-Salmünster).
 */
export function namesMunicipality(typed: PlaceName, municipality: PlaceName): boolean {
  return sameName(typed, municipality) || municipality.parts.includes(typed.key);
}
