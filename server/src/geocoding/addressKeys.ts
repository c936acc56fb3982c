// The comparable forms of street, place and house number, the same for a
// published point and for what a user typed: lower case, umlauts as ae/oe/ue
// (so "Müller" and "Mueller" meet), ß as ss, other accents dropped, "Straße",
// "Strasse" and "Str." as "str", "St." before a name as "sankt", and no
// spaces or punctuation ("Am Markt" = "Am-Markt" = "ammarkt").

const UMLAUTS: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' };

function folded(text: string): string {
  return text
    .normalize('NFC')
    .toLowerCase()
    .replace(/[äöüß]/g, (c) => UMLAUTS[c] ?? c)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
}

/** Words of the folded text: runs of letters and digits. */
function words(text: string): string[] {
  return folded(text).match(/[a-z0-9]+/g) ?? [];
}

export function streetKey(street: string): string {
  const parts = words(street);
  return parts
    .map((word, i) => (word === 'st' && i < parts.length - 1 ? 'sankt' : word))
    .join('')
    .replace(/strasse|str(?=$|[^a-z])/g, 'str')
    .slice(0, 96);
}

/**
 * A municipality or locality: "Frankfurt am Main, Stadt" and "Frankfurt am
 * Main" meet (what follows a comma is the kind of municipality, not its name).
 */
export function placeKey(place: string): string {
  return words(place.split(',')[0] ?? '')
    .join('')
    .slice(0, 96);
}

export interface HouseNumber {
  number: number;
  /** Lower case letters and digits after the number ('' none): "10 A" → "a". */
  suffix: string;
}

/**
 * "10", "10a", "10 A", "10½" and "10 1/2" (suffix "12"), "10-12" (the first
 * number of a range), "10/1" (suffix "1"); null without leading digits.
 */
export function parseHouseNumber(text: string, suffixText = ''): HouseNumber | null {
  const match = /^\s*(\d{1,6})\s*(.*)$/.exec(text);
  if (!match) return null;
  const rest = (match[2] ?? '').replace(/^[-–]\s*\d.*$/, '');
  return { number: Number(match[1]), suffix: suffixKey(`${rest}${suffixText}`) };
}

/** Fractions as files and people write them: "½" and "1/2" are one suffix. */
const FRACTIONS: Record<string, string> = { '½': ' 1/2', '¼': ' 1/4', '¾': ' 3/4' };

export function suffixKey(text: string): string {
  return words(text.replace(/[½¼¾]/g, (c) => FRACTIONS[c] ?? c))
    .join('')
    .slice(0, 16);
}
