// The property types (Objektarten) a committee derives its Liegenschaftszinssatz
// for, one record per type: the code is the column prefix of NRW's
// Grundstücksmarktdaten file lzs.csv (efh_lzs, efh_anz, …), the name the German
// one of the committees' market reports. Eleven types, as the file publishes
// them; the request accepts the code or the name (case and umlaut spelling aside).

export interface Objektart {
  /** The column prefix in lzs.csv and the `objektart_code` of the answer. */
  readonly code: string;
  /** The German name, the `objektart` of the answer. */
  readonly name: string;
  /** Further spellings a user may type (without the code and the name). */
  readonly aliases: readonly string[];
}

// prettier-ignore
export const OBJEKTARTEN = [
  { code: 'efh', name: 'Einfamilienhäuser, freistehend', aliases: ['Einfamilienhaus', 'EFH'] },
  { code: 'zfh', name: 'Zweifamilienhäuser', aliases: ['Zweifamilienhaus', 'ZFH'] },
  { code: 'rhdhh', name: 'Reihenhäuser und Doppelhaushälften', aliases: ['Reihenhaus', 'Doppelhaushälfte', 'RH/DHH'] },
  { code: 'dreifh', name: 'Dreifamilienhäuser', aliases: ['Dreifamilienhaus'] },
  { code: 'mfh', name: 'Mehrfamilienhäuser', aliases: ['Mehrfamilienhaus', 'MFH'] },
  { code: 'we_v', name: 'Wohnungseigentum, vermietet', aliases: ['Eigentumswohnung vermietet', 'ETW vermietet'] },
  { code: 'we_s', name: 'Wohnungseigentum, selbstgenutzt', aliases: ['Eigentumswohnung selbstgenutzt', 'ETW selbstgenutzt'] },
  { code: 'ggg', name: 'Gemischt genutzte Gebäude', aliases: ['gemischt genutzt'] },
  { code: 'handel', name: 'Handel', aliases: ['Handelsimmobilien'] },
  { code: 'buero', name: 'Büro', aliases: ['Bürogebäude', 'Büro- und Verwaltungsgebäude'] },
  { code: 'gegi', name: 'Gewerbe und Industrie', aliases: ['Gewerbe', 'Industrie'] },
] as const satisfies readonly Objektart[];

export type ObjektartCode = (typeof OBJEKTARTEN)[number]['code'];

/** Lower case, umlauts and ß spelt out, anything but letters and digits dropped. */
function folded(text: string): string {
  return text
    .toLowerCase()
    .replaceAll('ä', 'ae')
    .replaceAll('ö', 'oe')
    .replaceAll('ü', 'ue')
    .replaceAll('ß', 'ss')
    .replace(/[^a-z0-9]/g, '');
}

const BY_SPELLING = new Map<string, Objektart>(
  OBJEKTARTEN.flatMap((art: Objektart) =>
    [art.code, art.name, ...art.aliases].map((spelling) => [folded(spelling), art] as const),
  ),
);

/** The property type a user typed (its code, name or another spelling), or undefined. */
export function findObjektart(text: string): Objektart | undefined {
  return BY_SPELLING.get(folded(text));
}

/** The valid values, for a 400's message: "efh (Einfamilienhäuser, freistehend), …". */
export function objektartList(): string {
  return OBJEKTARTEN.map((art) => `${art.code} (${art.name})`).join(', ');
}
