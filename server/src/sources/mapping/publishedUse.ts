// Reads a published land use into our code and its German name. Accepted:
// "WA", "GR Grünland", "W - Wohngebiet", "MK: Kerngebiet", "Grünland (GR)",
// "1130", a codelist URL ending in /1130, or a plain name ("Wohnbaufläche").
// The code token may carry what states add around a code of the list:
// - a sub-number, "M1 - Kerngebiet", "M2 - Mischgebiet" (Berlin), "WA2": the
//   letters before the digits are looked up (M1 → M);
// - a development state and a hyphen, "SF-KGA - Sonstige Flächen -
//   Kleingartenfläche", "LF-F - …" (Berlin): the code after the hyphen decides
//   (SF-KGA → KGA → SO, LF-F → F, LF-GR → GR → L).
// Each rule ends in an exact lookup of the letters, never a prefix match.
// Anything else is unknown: the record is left out (and reported) rather than
// guessed.
import {
  DEVELOPMENT_STATES,
  ERGAENZUNG_NAMES,
  useByLetters,
  useByName,
  useByNumber,
  useOfDevelopmentState,
  type PublishedUse,
} from './landUseTable.js';

const STATE_PREFIX = `(?:(?:${DEVELOPMENT_STATES.join('|')})-)`;
const TOKEN = `${STATE_PREFIX}?[A-ZÄÖÜ]{1,4}\\d{0,2}`;
/** One code token: optional development state, letters, optional sub-number. */
const CODE_TOKEN = new RegExp(`^(${STATE_PREFIX})?([A-ZÄÖÜ]{1,4})(\\d{0,2})$`, 'u');
/** "W - Wohngebiet", "SF-KGA - Sonstige Flächen - …", "MK: Kerngebiet", "GR Grünland", "WA". */
const TOKEN_THEN_TEXT = new RegExp(`^(${TOKEN})(?=$|[\\s:–-])\\s*[-–:]?\\s*(.*)$`, 'u');
/** "Gemischte Baufläche (M)": the style of RLP and Thüringen's map services. */
const TEXT_THEN_TOKEN = /^(\S.*?)\s*\(([^()]+)\)$/u;
const NUMERIC = /(?:^|\/)(\d{4})$/;

export function readPublishedUse(published: string): PublishedUse | undefined {
  const text = published.trim();
  return byNumber(text) ?? byTextThenToken(text) ?? byTokenThenText(text) ?? useByName(text);
}

function byNumber(text: string): PublishedUse | undefined {
  const numeric = NUMERIC.exec(text);
  return numeric ? useByNumber(Number(numeric[1])) : undefined;
}

function byTextThenToken(text: string): PublishedUse | undefined {
  const named = TEXT_THEN_TOKEN.exec(text);
  const known = named && useOfToken((named[2] as string).trim());
  return known ? { code: known.code, name: (named?.[1] as string).trim() } : undefined;
}

function byTokenThenText(text: string): PublishedUse | undefined {
  const lettered = TOKEN_THEN_TEXT.exec(text);
  const known = lettered && useOfToken(lettered[1] as string);
  if (!known) return undefined;
  // The source's own wording wins over the code list name.
  const ownName = (lettered?.[2] ?? '').trim();
  return ownName === '' ? known : { code: known.code, name: ownName };
}

function useOfToken(token: string): PublishedUse | undefined {
  const parts = CODE_TOKEN.exec(token);
  if (!parts) return undefined;
  const [, statePrefix, letters = '', subNumber] = parts;
  const listed = useByLetters(letters);
  if (listed) return listed;
  const bare = statePrefix === undefined && subNumber === '';
  return bare ? useOfDevelopmentState(letters) : undefined;
}

/** "Allgemeines Wohngebiet (Ein- und Zweifamilienhäuser)" for an Ergänzung EFH. */
export function nameWithErgaenzung(name: string, ergaenzung: string | undefined): string {
  if (ergaenzung === undefined) return name;
  const readable = ERGAENZUNG_NAMES[ergaenzung.toUpperCase()] ?? ergaenzung;
  return `${name} (${readable})`;
}
