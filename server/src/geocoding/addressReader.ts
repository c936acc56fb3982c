// Takes a typed address apart by what each part means: the street and its
// number (also "Nr. 40", also the number before the street), the postcode
// anywhere in the cell ("D-44787", after the place, four digits that lost
// their leading zero in a spreadsheet), the place and its Ortsteile, and the
// noise words of addressWords/noiseWords.ts with their numbers ("Whg. 5",
// "3. OG", "TG 14", "c/o Müller"), a trailing country or state. A number
// with a dash and a second number ("80-82") names no one house. What is left
// that none of these explains is said (`unexplained`): the matcher then
// gives no official point.
import type { GeocodingWarning } from '#shared/apiTypes.js';
import { placeKey } from './addressKeys.js';
import {
  noiseWord,
  NUMBER_MARKER_WORDS,
  NUMBERED_NOTE_WORDS,
  ORDINAL,
  REGIONS,
  FIELD_LABELS,
} from './addressWords/noiseWords.js';
import { KIND_WORDS } from './addressWords/placeNames.js';

export interface WrittenParts {
  street: string;
  /** As typed: "10", "10 a", "10-12". */
  houseNumber: string;
  postcode?: string;
  /** The place typed, then any further parts (a locality): most general first. */
  places: string[];
  /** The two-letter code of a state typed after the place ("…, Hessen"). */
  state?: string;
}

export interface ReadAddress {
  written: WrittenParts | null;
  /** Four typed digits read as a postcode that lost its leading zero ("6108" → "06108"). */
  restoredPostcode?: string;
  /** Why no official point may answer: parts nothing explains. */
  unexplained: GeocodingWarning[];
}

/**
 * A house number: digits, then an optional letter ("10a", "10 a", "10-a"), fraction
 * ("10½", "10 1/2") and range or sub-number ("10-12", "10/1").
 */
const NUMBER = String.raw`\d{1,6}(?:\s*-?\s*[a-zA-Z](?![a-zA-Z.]))?(?:\s*[½¼¾]|\s+[1-3]\/[24](?!\d))?(?:\s*[-–/]\s*\d{1,6}\s*[a-zA-Z]?(?![a-zA-Z.]))?`;
const NUMBER_AT = new RegExp(String.raw`(?<=^|[\s.])(${NUMBER})(?=$|[\s,])`, 'g');
const NUMBER_FIRST = new RegExp(String.raw`^(${NUMBER})\s+(\D+)$`);
/** "Nr.", "Hausnr.", "Haus-Nr.", "Hausnummer" before the house number. */
const NUMBER_MARKER = new RegExp(
  String.raw`^(\D*?)\s*(?<![\p{L}])(?:${NUMBER_MARKER_WORDS})\.?:?\s*(?=\d)`,
  'iu',
);
/** A part that is only a marked house number: "Haus-Nr. 102", "Hausnummer 5a". */
const NUMBER_PART = new RegExp(
  String.raw`^(?:(?:${NUMBER_MARKER_WORDS})\.?:?\s*\d{1,4}|\d{1,3})\s*[a-zA-Z]?$`,
  'i',
);
/** A field's name before a colon ("Straße:", "PLZ/Ort:", "Str./Nr.:"), FIELD_LABELS. */
const FIELD_LABEL = /^([\p{L}./ ]{1,30}):\s*/u;
const LABELS = new Set(FIELD_LABELS);
/** A house number with a dash and a second number ("80-82", "45 - 14"); "10/1" is a sub-number. */
const DASHED_NUMBER = /[-–]\s*\d/;
/** Berlin's streets named by a number ("Straße 10") are the one case of digits ending a street. */
const NUMBERED_STREET = /^stra(?:ss|ß)e\s+\d+$/i;
const LOCALITY_WORD = /^(?:OT|Ortsteil)\.?\s+/i;
/** Articles that put a word into a street's name ("Straße der Einheit", "Am Haus", "Zum Keller"). */
const STREET_ARTICLE = /^(?:der|des|die|dem|den|zur|zum|am|an|im|in|auf|vom|von)$/i;
/** "Fulda, Stadt": the kind of municipality after its name, as official lists write it. */
const KIND_ALONE = new RegExp(`^(?:${KIND_WORDS.join('|')})$`, 'i');
const LOCALITY_SPLIT = /\s+(?:OT|Ortsteil)\.?\s+/i;
const isRegion = (part: string) => Object.hasOwn(REGIONS, placeKey(part));
/** A note in brackets: "32 (Whg. 5)". */
const BRACKETED_NOTE = new RegExp(
  String.raw`\(\s*((?:\d{1,2}\.\s*)?(?:${NUMBERED_NOTE_WORDS})(?![a-zäöüß])[^()]*)\)`,
  'gi',
);
/** A note glued to the number before it: "36/Whg. 2", "26Whg5", "20-WE 12", "30 / 5. OG", "12 + TG 3". */
const GLUED_NOTE = new RegExp(
  String.raw`(\d)\s*(?:[-/+&]\s*)?((?:\d{1,2}\.\s*)?(?:${NUMBERED_NOTE_WORDS})(?![a-zäöüß]))`,
  'gi',
);
/** A note's number glued to its word: "Whg5", "WE12". */
const GLUED_NOTE_NUMBER = new RegExp(
  String.raw`(?<![\p{L}])((?:${NUMBERED_NOTE_WORDS})\.?)(?=\d)`,
  'giu',
);
/** An ordinal glued to its floor: "2.OG", "3.Etage". */
const GLUED_ORDINAL = new RegExp(
  String.raw`(?<![\d.])(\d{1,2}\.)(?=(?:${NUMBERED_NOTE_WORDS})(?![a-zäöüß]))`,
  'gi',
);
/** A house number glued to its street: "Kortumstraße80", "Hauptstr106", "Kettwiger Str.22". */
const GLUED_NUMBER = /(?<=\p{Ll}{2}\.?)(?=\d{1,4}[a-zA-Z]?(?:$|[\s,;]))/gu;
/** "PLZ 14612", "(39104)", "D 03046": a postcode with a label, in brackets, or after a country letter. */
const POSTCODE_LABEL = /(^|[\s,;(])(?:PLZ|Postleitzahl)\.?:?\s*(?=\d{4,5}(?!\d))/gi;
const BRACKETED_POSTCODE = /\((\d{5})\)/g;
const COUNTRY_BEFORE_POSTCODE = /(^|[\s,;(])DE?(?:\s*-\s*|\s+)(?=\d{5}(?!\d))/g;
/** A postcode glued to its place, as a spreadsheet's joined columns leave it: "35582Wetzlar". */
const GLUED_POSTCODE = /(^|[\s,;(])(\d{5})(?=\p{Lu}\p{Ll})/gu;

export function readAddress(nfc: string): ReadAddress {
  const unexplained = new Set<GeocodingWarning>();
  const regions: string[] = [];
  const text = nfc
    .replace(POSTCODE_LABEL, '$1')
    .replace(BRACKETED_POSTCODE, ' $1')
    .replace(COUNTRY_BEFORE_POSTCODE, '$1')
    .replace(GLUED_POSTCODE, '$1$2 ')
    .replace(GLUED_NUMBER, ' ')
    .replace(GLUED_ORDINAL, '$1 ')
    .replace(BRACKETED_NOTE, ', $1,')
    .replace(GLUED_NOTE, '$1 $2')
    .replace(GLUED_NOTE_NUMBER, '$1 ')
    .replace(/\(([^)]*)\)/g, (all, inner: string) => {
      // A note in brackets ("(ETW)", "(Altbau)") says nothing about where.
      if (isNoise(inner.trim().split(/\s+/))) return ' ';
      if (!isRegion(inner)) return all;
      regions.push(inner);
      return '';
    });
  let parts = text
    .split(/[,;\n|]/)
    .map((part) => part.trim().replace(/\s+/g, ' '))
    .map((part) => {
      const label = FIELD_LABEL.exec(part);
      const key = label?.[1]?.toLowerCase().replace(/[./\s]/g, '');
      return label && key !== undefined && LABELS.has(key) ? part.slice(label[0].length) : part;
    })
    // A spaced dash before a word or a postcode separates, as a comma does
    // ("Hauptstraße 5 - 45127 Essen", "Essen - Hauptstraße 5", "… Essen – MFH").
    .flatMap((part) => part.split(/\s[-–]\s(?=\p{L}{2}|\d{5}(?!\d))/u))
    .map((part) => part.trim())
    .filter((part) => part !== '');
  while (parts.length > 2 && isRegion(parts.at(-1) ?? '')) {
    regions.push(parts.at(-1) ?? '');
    parts = parts.slice(0, -1);
  }
  const states = new Set(regions.map((r) => REGIONS[placeKey(r)]).filter((s) => s !== undefined));
  // Two states typed ("…, Hessen, Bayern") explain nothing: no state fits both.
  if (states.size > 1) unexplained.add('state_unexplained');
  const [state] = states;
  parts = parts.filter((part) => {
    const first = part.split(' ')[0] ?? '';
    // "Bei der Kirche 5" is a street: a name after "bei" or "c/o" has no house number.
    if (noiseWord(first)?.tail === 'name' && /\d/.test(part)) return true;
    if (!noiseWord(first) && !ORDINAL.test(first)) return true;
    if (!isNoise(part.split(' '))) unexplained.add('part_unexplained');
    return false;
  });
  parts = withNumberPart(parts);
  const postal = findPostcode(parts);
  parts = postal.parts;
  const streetIndex = parts.findIndex((part) => /\p{L}/u.test(part) && /\d/.test(part));
  const street = streetIndex < 0 ? undefined : streetAndNumber(parts[streetIndex] ?? '');
  if (street === 'unexplained') unexplained.add('number_unexplained');
  if (street === 'note_number') unexplained.add('number_missing');
  if (street === undefined || street === 'unexplained' || street === 'note_number') {
    return { written: null, unexplained: [...unexplained] };
  }
  if (street.noise === 'unexplained') unexplained.add('part_unexplained');
  // "80-82" is a property over several houses, "45 - 14" a number nothing explains: no one point is the typed house.
  if (DASHED_NUMBER.test(street.number)) unexplained.add('number_range');
  const places = [
    ...parts.filter((_, i) => i !== streetIndex),
    ...(street.trailing ? [street.trailing] : []),
  ]
    .flatMap((part) => part.split(LOCALITY_SPLIT))
    .map((part) => part.replace(LOCALITY_WORD, ''))
    .filter((part) => !KIND_ALONE.test(part));
  if (postal.place !== undefined) places.unshift(...postal.place.split(LOCALITY_SPLIT));
  const written: WrittenParts = {
    street: street.street,
    houseNumber: street.number,
    ...(postal.postcode === undefined ? {} : { postcode: postal.postcode }),
    places,
    ...(state === undefined ? {} : { state }),
  };
  const noPlace = places.length === 0 && postal.postcode === undefined && !postal.restored;
  if (places.some((place) => /\d/.test(place))) unexplained.add('part_unexplained');
  if (places.some((place) => /\d/.test(place)) || noPlace) {
    return { written: null, unexplained: [...unexplained] };
  }
  return {
    written,
    ...(postal.restored === undefined ? {} : { restoredPostcode: postal.restored }),
    unexplained: [...unexplained],
  };
}

/** "Hauptstraße, Haus-Nr. 102": the number in a part of its own joins the street before it. */
function withNumberPart(parts: string[]): string[] {
  return parts.flatMap((part, i) => {
    const next = parts[i + 1] ?? '';
    const before = parts[i - 1];
    if (NUMBER_PART.test(next) && /\p{L}/u.test(part) && !/\d/.test(part))
      return [`${part} ${next}`];
    if (!NUMBER_PART.test(part) || before === undefined) return [part];
    // Joined to the street above; after a house number "Nr. 5" is a flat's, as in "24 Nr. 5".
    if (!/\d/.test(before)) return [];
    return /^nr\b/i.test(part) ? [] : [part];
  });
}

/** Whether the tokens are noise words with what may follow them, and nothing else. */
function isNoise(tokens: string[]): boolean {
  let i = 0;
  while (i < tokens.length) {
    const token = tokens[i] ?? '';
    if (ORDINAL.test(token) && noiseWord(tokens[i + 1] ?? '')) {
      i += 1;
      continue;
    }
    const [word, glued] = token.split(/(?<=\.)(?=\d)/);
    const noise = /^nr\.?$/i.test(word ?? '') ? { tail: 'number' as const } : noiseWord(word ?? '');
    if (!noise) return false;
    i += 1;
    if (noise.tail === 'name') return true;
    if (
      noise.tail === 'number' &&
      glued === undefined &&
      /^(?:\d{1,5}[a-zA-Z]?|[a-zA-Z])$/.test(tokens[i] ?? '')
    )
      i += 1;
  }
  return true;
}

interface PostcodeFound {
  parts: string[];
  postcode?: string;
  restored?: string;
  /** The place written beside the postcode. */
  place?: string;
}

/** The postcode anywhere: five digits on their own; else four before a place, the zero restored. */
function findPostcode(parts: string[]): PostcodeFound {
  for (const [pattern, restore] of [
    [/(?<=^|\s)(\d{5})(?=$|\s)/, false],
    [/(?<=^|\s\d{1,4}[a-zA-Z]?\s|^)(\d{4})(?=\s+\p{L})/u, true],
  ] as const) {
    for (let i = 0; i < parts.length; i += 1) {
      const part = parts[i] ?? '';
      const match = pattern.exec(part);
      if (!match) continue;
      const left = part.slice(0, match.index).trim();
      const right = part.slice(match.index + match[0].length).trim();
      const [streetSide, placeSide] = /\d/.test(right)
        ? [right, left]
        : /\d/.test(left)
          ? [left, right]
          : ['', `${left} ${right}`.trim()];
      const rest = [
        ...parts.slice(0, i),
        ...(streetSide ? [streetSide] : []),
        ...parts.slice(i + 1),
      ];
      const code = match[1] ?? '';
      // The same postcode typed twice ("41061 Mönchengladbach 41061") says it once.
      const again = new RegExp(String.raw`(?<=^|\s)0?${code.replace(/^0/, '')}(?=$|\s)`, 'g');
      return {
        parts: rest.map((p) => p.replace(again, ' ').replace(/\s+/g, ' ').trim()).filter(Boolean),
        ...(restore ? { restored: `0${code}` } : { postcode: code }),
        ...(placeSide ? { place: placeSide.replace(again, ' ').replace(/\s+/g, ' ').trim() } : {}),
      };
    }
  }
  return { parts };
}

interface StreetNumber {
  street: string;
  number: string;
  noise: 'none' | 'noise' | 'unexplained';
  /** Words after the number in the same part: the place ("Straße Nr Ort"). */
  trailing?: string;
}

/**
 * The street and its number in a part: the first number after the street
 * whose rest is noise words ("24 Whg. 5"), "Nr. 40", or the number first.
 * 'unexplained': a number the street cannot hold and no noise word explains;
 * 'note_number': the only number is a note's ("Massenbergstraße WE 12"), no house number.
 */
function streetAndNumber(part: string): StreetNumber | 'unexplained' | 'note_number' | undefined {
  // "Nr." before the house number; after it, "Nr. 5" is a flat's number (a noise word).
  const text = part.replace(NUMBER_MARKER, '$1 ').trim();
  const first = NUMBER_FIRST.exec(text);
  if (first) return { street: first[2] ?? '', number: first[1] ?? '', noise: 'none' };
  let sawNumber = false;
  for (const match of text.matchAll(NUMBER_AT)) {
    const street = text.slice(0, match.index).trim();
    const tail = text.slice((match.index ?? 0) + match[0].length).trim();
    if (!/\p{L}/u.test(street)) return undefined;
    // The first number follows a note's word: it is the note's, and no house number was typed;
    // after an article the word names the street ("Straße der Einheit 10", "Platz der Einheit 1").
    const words = street.split(' ');
    if (
      !sawNumber &&
      noiseWord(words.at(-1) ?? '')?.tail === 'number' &&
      !STREET_ARTICLE.test(words.at(-2) ?? '')
    ) {
      return 'note_number';
    }
    // A number of its own inside what would be the street ("Hauptstraße 24 Whg-Nr 7") is
    // a second number nothing explains; "Straße des 17. Juni" carries an ordinal.
    const bareNumber =
      /(?<=^|\s)\d+[a-zA-Z]?(?=[\s:]|$)/.test(street) && !NUMBERED_STREET.test(street);
    if (bareNumber) return 'unexplained';
    sawNumber = true;
    if (tail === '') return { street, number: match[0], noise: 'none' };
    const tokens = tail.split(' ');
    if (isNoise(tokens)) return { street, number: match[0], noise: 'noise' };
    if (noiseWord(tokens[0] ?? '') || /^nr\.?/i.test(tokens[0] ?? '')) {
      return { street, number: match[0], noise: 'unexplained' };
    }
    if (!/\d/.test(tail)) return { street, number: match[0], noise: 'none', trailing: tail };
  }
  return sawNumber ? 'unexplained' : undefined;
}
