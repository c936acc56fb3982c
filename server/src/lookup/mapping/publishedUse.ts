// Reads a published land use into our code and its German name. Accepted:
// "WA", "GR Grünland", "W - Wohngebiet", "Grünland (GR)", "1130", a codelist URL ending in
// /1130, or a plain name ("Wohnbaufläche"). Anything else is unknown: the
// record is left out rather than guessed.
import {
  ERGAENZUNG_NAMES,
  useByLetters,
  useByName,
  useByNumber,
  type PublishedUse,
} from './landUseTable.js';

const LETTERS_THEN_TEXT = /^([A-ZÄÖÜ]{1,4})(?:\s*[-–:]\s*|\s+|$)(.*)$/u;
/** "Gemischte Baufläche (M)": the style of RLP and Thüringen's map services. */
const TEXT_THEN_LETTERS = /^(\S.*?)\s*\(([A-ZÄÖÜ]{1,4})\)$/u;
const NUMERIC = /(?:^|\/)(\d{4})$/;

export function readPublishedUse(published: string): PublishedUse | undefined {
  const text = published.trim();
  const numeric = NUMERIC.exec(text);
  if (numeric) return useByNumber(Number(numeric[1]));
  const named = TEXT_THEN_LETTERS.exec(text);
  if (named) {
    const known = useByLetters(named[2] as string);
    return known && { code: known.code, name: (named[1] as string).trim() };
  }
  const lettered = LETTERS_THEN_TEXT.exec(text);
  if (lettered) {
    const known = useByLetters(lettered[1] as string);
    if (!known) return undefined;
    // The source's own wording wins over the code list name.
    const ownName = (lettered[2] ?? '').trim();
    return ownName === '' ? known : { code: known.code, name: ownName };
  }
  return useByName(text);
}

/** "Allgemeines Wohngebiet (Ein- und Zweifamilienhäuser)" for an Ergänzung EFH. */
export function nameWithErgaenzung(name: string, ergaenzung: string | undefined): string {
  if (ergaenzung === undefined) return name;
  const readable = ERGAENZUNG_NAMES[ergaenzung.toUpperCase()] ?? ergaenzung;
  return `${name} (${readable})`;
}
