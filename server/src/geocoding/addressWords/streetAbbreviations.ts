// Abbreviations valuers write in street names, expanded to the forms the
// states' files write, so a typed street gets the key of the published one
// (addressKeys.ts). An abbreviation is only read as one where it ends in a
// dot ("Gr." but not "Gr"), so no word of a name is changed by chance. A
// word with a dot that no table explains, joined to the name by a hyphen
// ("K.-Liebknecht-Str.", "Fr.-Ebert-Str."), is the beginning of a word: the
// matcher takes the one street of the place it fits.
import { streetKey } from '../addressKeys.js';

export interface Abbreviation {
  /** Folded, without the dot. */
  short: string;
  /** The written forms it stands for, most frequent first. */
  long: readonly string[];
}

/** A whole word: "Gr. Ochsengasse", "Kaiser-Friedr.-Str.". One table: docs/api.md lists it. */
export const WORD_ABBREVIATIONS: readonly Abbreviation[] = [
  { short: 'str', long: ['straße'] },
  { short: 'gr', long: ['große', 'großer', 'großen', 'groß'] },
  { short: 'kl', long: ['kleine', 'kleiner', 'kleinen', 'klein'] },
  { short: 'friedr', long: ['friedrich'] },
  { short: 'wilh', long: ['wilhelm'] },
  { short: 'ch', long: ['chaussee'] },
  { short: 'chaus', long: ['chaussee'] },
  { short: 'chauss', long: ['chaussee'] },
  { short: 'pl', long: ['platz'] },
  { short: 'st', long: ['sankt'] },
  { short: 'prof', long: ['professor', 'prof'] },
  { short: 'dr', long: ['dr', 'doktor'] },
];

/** The end of a compound: "Hausvogteipl.", "Kaiserstr.". */
export const ENDING_ABBREVIATIONS: readonly Abbreviation[] = [
  { short: 'str', long: ['straße'] },
  { short: 'pl', long: ['platz'] },
  { short: 'ch', long: ['chaussee'] },
];

const WORDS = new Map(WORD_ABBREVIATIONS.map((a) => [a.short, a.long]));

/** The kind of street at the end of a key ("…str", "…weg"): what an initial's name must add to. */
const STREET_KINDS =
  /(?:str|weg|platz|allee|gasse|ring|damm|ufer|chaussee|pfad|steig|markt|promenade)$/;
/** Letters a name after an initial must have beyond the kind of street ("Ebert" in "Fr.-Ebert-Str."). */
const MIN_NAMED = 3;

/**
 * The written forms a typed street may stand for: every combination of its
 * abbreviations' long forms (at most `limit`), the street as typed first.
 */
export function streetSpellings(street: string, limit = 8): string[] {
  const tokens = street.split(/(?<=[.\s-])/);
  let spellings = [''];
  for (const token of tokens) {
    const match = /^(.*?)([A-Za-zÄÖÜäöüß]+)\.(\s*-?\s*)$/.exec(token);
    const word = match?.[2]?.toLowerCase() ?? '';
    const options = match ? expansions(match[1] ?? '', word, match[3] ?? '') : [token];
    spellings = spellings.flatMap((s) => options.map((o) => s + o)).slice(0, limit);
  }
  return [...new Set([street, ...spellings])];
}

function expansions(before: string, word: string, after: string): string[] {
  const whole = WORDS.get(word);
  if (whole && /^[\s-]*$/.test(before)) return whole.map((w) => `${before}${w}${after || ' '}`);
  const ending = ENDING_ABBREVIATIONS.find(
    (a) => word.length > a.short.length + 2 && word.endsWith(a.short),
  );
  if (ending) {
    const stem = `${before}${word.slice(0, -ending.short.length)}`;
    return ending.long.map((l) => `${stem}${l}${after}`);
  }
  return [`${before}${word}.${after}`];
}

/**
 * An abbreviation no table explains ("K.-Liebknecht-Str.", "Fr.-Ebert-Str.",
 * "O.-v.-Guericke-Str."): the street keys it may stand for, as a pattern in
 * which each such word is a word beginning so ("k[a-z]*liebknechtstr");
 * undefined where every abbreviation is in the tables. The matcher takes the
 * one street of the place the pattern fits, none where several do.
 */
export function abbreviationPattern(street: string): RegExp | undefined {
  const spellings = streetSpellings(street, 1);
  const spelled = spellings[1] ?? street;
  // Only a word joined to the name by a hyphen, as first names are ("K.-Liebknecht-"): "Br. Weg"
  // could begin Breiter, Brauer or Brücken; it stays as typed and matches no street.
  const pieces = spelled.split(/([A-Za-zÄÖÜäöüß]+)\.(?=\s*-)/);
  if (pieces.length < 2) return undefined;
  // "K.-Str.", "W.-Weg": an initial before nothing but the kind of street names no street.
  const named = pieces
    .filter((_, i) => i % 2 === 0)
    .map(streetKey)
    .join('');
  if (named.replace(STREET_KINDS, '').length < MIN_NAMED) return undefined;
  // split() with a group: the words before a dot stand at the odd places.
  const pattern = pieces.map((piece, i) =>
    i % 2 === 1 ? `${streetKey(piece)}[a-z]*` : streetKey(piece),
  );
  return new RegExp(`^${pattern.join('')}$`);
}
