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
 * Words before a name that say the kind of municipality, not its name
 * ("Stadt Bad Soden"), as ", Stadt" after it does. One table: docs/api.md lists it.
 */
export const KIND_WORDS: readonly string[] = ['Stadt', 'Gemeinde'];
const KIND = new RegExp(`^\\s*(?:${KIND_WORDS.join('|')})\\s+(?=\\S)`, 'i');

/**
 * What begins the distinguishing part of a name: a bracket, a slash, or one
 * of these words ("am Main", "a. M.", "an der Ruhr", "a.d. Saale", "bei
 * Berlin", "im Taunus", "in Unterfranken", "ob der Tauber").
 */
const QUALIFIER =
  /\s*(?:[(/]|\s(?:am|an\s+der|an|a\.\s*d\.|a\.|bei|b\.|im|i\.|in|ob|o\.)\s+|\s(?:a|i)\.(?=\S))/i;

export interface PlaceName {
  /** placeKey of the whole name. */
  key: string;
  /** placeKey of the name without its distinguishing part. */
  base: string;
  /** First letter of the distinguishing part ('' none): "a.M." and "am Main" agree. */
  qualifier: string;
  /** placeKeys of the hyphenated parts of the base, where there are two or more. */
  parts: string[];
}

export function placeName(written: string): PlaceName {
  const name = (PLACE_VARIANTS[placeKey(written)] ?? written.split(',')[0] ?? '').replace(KIND, '');
  const cut = QUALIFIER.exec(name);
  const baseText = cut ? name.slice(0, cut.index) : name;
  const rest = cut ? name.slice(cut.index + cut[0].length) : '';
  const qualifier = placeKey(rest.replace(/^(?:der|d\.)\s*/i, '')).charAt(0);
  const parts = baseText
    .split(/\s*-\s*/)
    .map(placeKey)
    .filter((p) => p !== '');
  return {
    key: placeKey(name),
    base: placeKey(baseText),
    qualifier,
    parts: parts.length > 1 ? parts : [],
  };
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
