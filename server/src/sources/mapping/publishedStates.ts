// The development state (Entwicklungszustand, ImmoWertV § 3) and the
// contribution state (beitragsrechtlicher Zustand) as the states publish
// them, read into German text:
// - Entwicklungszustand: the AdV letters B, R, E, LF, SF (VBORIS: NRW ENTW,
//   Hessen, Niedersachsen, MV), the BRM 3 code list BR_Entwicklungszustand
//   (1000 … 5000, often as a code-list URL: Brandenburg), or a label around
//   the letters ("B Baureifes Land" in Hamburg, "Baureifes Land (B)" in
//   Thüringen and Rheinland-Pfalz). The answer is always this table's name.
// - beitragsrechtlicher Zustand: the BRM 3 code list
//   BR_BeitragsrechtlicherZustand (1000 … 3000), its abbreviations frei, ebf
//   and ebp, or German words already (Hamburg writes the full sentence).
// A code in none of these forms is left out rather than passed on raw.
// Sources: the registry's evidence of each state's field (code lists as a
// public Brandenburg OGC API client and a BORIS-D client decode them).

const ENTWICKLUNGSZUSTAND: Readonly<Record<string, readonly [string, string]>> = {
  '1000': ['B', 'baureifes Land'],
  '2000': ['R', 'Rohbauland'],
  '3000': ['E', 'Bauerwartungsland'],
  '4000': ['LF', 'Fläche der Land- oder Forstwirtschaft'],
  '5000': ['SF', 'sonstige Fläche'],
};

const BEITRAGSZUSTAND: Readonly<Record<string, readonly [string, string]>> = {
  '1000': ['frei', 'beitragsfrei'],
  '2000': [
    'ebf',
    'erschließungsbeitrags- bzw. kostenerstattungsbetragsfrei und beitragspflichtig nach Kommunalabgabenrecht',
  ],
  '3000': [
    'ebp',
    'erschließungsbeitrags- bzw. kostenerstattungsbetragspflichtig und beitragspflichtig nach Kommunalabgabenrecht',
  ],
};

const CODE = /(?:^|\/)(\d{4})$/;
/** "B Baureifes Land", "LF Fläche …": the letters first. */
const LETTERS_FIRST = /^([A-Z]{1,2})\s+\p{L}/u;
/** "Baureifes Land (B)": the letters in brackets at the end. */
const LETTERS_LAST = /\(([A-Z]{1,2})\)$/;
const WORDS = /\p{L}{3,}\s+\p{L}{3,}/u;

/** Letters and names, lower-cased, to the table's name. */
function byLetters(
  table: Readonly<Record<string, readonly [string, string]>>,
): ReadonlyMap<string, string> {
  return new Map(
    Object.values(table).flatMap(([letters, name]) => [
      [letters.toLowerCase(), name],
      [name.toLowerCase(), name],
    ]),
  );
}

const ENTWICKLUNG_BY_LETTERS = byLetters(ENTWICKLUNGSZUSTAND);
const BEITRAG_BY_LETTERS = byLetters(BEITRAGSZUSTAND);

/** German name of the development state, or undefined for an unknown code. */
export function readPublishedEntwicklungszustand(
  published: string | undefined,
): string | undefined {
  if (published === undefined) return undefined;
  const text = published.trim();
  const code = CODE.exec(text);
  if (code) return ENTWICKLUNGSZUSTAND[code[1] as string]?.[1];
  const letters = LETTERS_FIRST.exec(text)?.[1] ?? LETTERS_LAST.exec(text)?.[1] ?? text;
  return ENTWICKLUNG_BY_LETTERS.get(letters.toLowerCase());
}

/** German text of the contribution state, or undefined for an unknown code. */
export function readPublishedBeitragszustand(published: string | undefined): string | undefined {
  if (published === undefined) return undefined;
  const text = published.trim();
  const code = CODE.exec(text);
  if (code) return BEITRAGSZUSTAND[code[1] as string]?.[1];
  const named = BEITRAG_BY_LETTERS.get(text.toLowerCase());
  if (named) return named;
  return WORDS.test(text) ? text : undefined;
}
