// Which committee's Liegenschaftszinssatz applies at a point: the committee
// that published the land-value zone there. The zone's `gutachterausschuss`
// (NRW: the field GABE of the land-value set) and the committee names of the
// Liegenschaftszins file (lzs.csv's or schluessel.csv's gaa_name) are written
// differently ("Der Gutachterausschuss für Grundstückswerte in der
// Landeshauptstadt Düsseldorf", "Gutachterausschuss Düsseldorf"), so both are
// compared by their distinctive words: articles, prepositions and the words
// every committee's name holds are dropped, "Landeshauptstadt" reads as
// "Stadt"; "Stadt" and "Kreis" stay, since a Kreis and its largest town may
// each have a committee (Kreis Düren, Stadt Düren). Thin: how GABE words a
// name is not shown by any source read; a zone without a matching committee
// answers 404 naming the zone's committee.

const FILLERS = new Set([
  'der',
  'die',
  'das',
  'des',
  'dem',
  'den',
  'fuer',
  'in',
  'im',
  'bei',
  'und',
  'gutachterausschuss',
  'gutachterausschusses',
  'gutachterausschuesse',
  'grundstueckswerte',
  'gemeinsame',
  'gemeinsamer',
]);

const SYNONYMS: Readonly<Record<string, string>> = {
  landeshauptstadt: 'stadt',
  kreisfreien: 'stadt',
  kreises: 'kreis',
};

/** The distinctive words of a committee's name, in order, joined by a space. */
export function committeeWords(name: string): string {
  return name
    .toLowerCase()
    .replaceAll('ä', 'ae')
    .replaceAll('ö', 'oe')
    .replaceAll('ü', 'ue')
    .replaceAll('ß', 'ss')
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '' && !FILLERS.has(word))
    .map((word) => SYNONYMS[word] ?? word)
    .join(' ');
}

/** Whether two committee names name the same committee. */
export function sameCommittee(a: string, b: string): boolean {
  const left = committeeWords(a);
  return left !== '' && left === committeeWords(b);
}
