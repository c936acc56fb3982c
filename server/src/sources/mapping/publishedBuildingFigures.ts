// Building figures as the states publish them, read into §2.1 values:
// - bauweise: the AdV code list BR_Bauweise (BRM 3, numeric, often as a
//   code-list URL: Brandenburg), the VBORIS letters (o, g, a, eh, …: NRW and
//   the AdV data exchange) or German words already. A code that is in neither
//   list is left out rather than passed on raw.
// - vollgeschosszahl: a number, or a Roman numeral (NRW GEZ "IV"). A range
//   ("II-III", NRW allows them) is no single storey count and is left out.
// Sources: the BR_Bauweise codes and names as a public Brandenburg OGC API
// client decodes them (1100 offene Bauweise … 2600 Reihenendhäuser) and the
// BORIS.NRW data model v3.2 (BAUW o/g/a, ERGNUTA ed/eh/dh/rh/rm/re, GEZ);
// see the registry's evidence.
import type { NumberFormat } from '../numberFormat.js';
import { parsePublishedNumber } from './publishedValues.js';

/** BR_Bauweise: numeric code → VBORIS letters and German name. */
const BAUWEISE: Readonly<Record<string, readonly [string, string]>> = {
  '1100': ['o', 'offene Bauweise'],
  '1200': ['g', 'geschlossene Bauweise'],
  '1300': ['a', 'abweichende Bauweise'],
  '2100': ['eh', 'Einzelhäuser'],
  '2200': ['ed', 'Einzel- und Doppelhäuser'],
  '2300': ['dh', 'Doppelhaushälften'],
  '2400': ['rh', 'Reihenhäuser'],
  '2500': ['rm', 'Reihenmittelhäuser'],
  '2600': ['re', 'Reihenendhäuser'],
};

const BY_LETTERS: ReadonlyMap<string, string> = new Map(
  Object.values(BAUWEISE).map(([letters, name]) => [letters, name]),
);
const CODE = /(?:^|\/)(\d{4})$/;
const WORDS = /\p{L}{3,}/u;

export function readPublishedBauweise(published: string | undefined): string | undefined {
  if (published === undefined) return undefined;
  const text = published.trim();
  const code = CODE.exec(text);
  if (code) return BAUWEISE[code[1] as string]?.[1];
  const named = BY_LETTERS.get(text.toLowerCase());
  if (named) return named;
  return WORDS.test(text) ? text : undefined;
}

const ROMAN = /^(X{0,3})(IX|IV|V?I{0,3})$/i;
const ROMAN_VALUES: Readonly<Record<string, number>> = { I: 1, V: 5, X: 10 };

export function readPublishedStoreys(
  published: string | undefined,
  format: NumberFormat,
): number | undefined {
  if (published === undefined) return undefined;
  const text = published.trim();
  if (text !== '' && ROMAN.test(text)) return romanValue(text.toUpperCase());
  return parsePublishedNumber(text, format);
}

function romanValue(numeral: string): number {
  let total = 0;
  for (let i = 0; i < numeral.length; i += 1) {
    const value = ROMAN_VALUES[numeral[i] as string] ?? 0;
    const next = ROMAN_VALUES[numeral[i + 1] as string] ?? 0;
    total += value < next ? -value : value;
  }
  return total;
}
