// The words a typed address may carry that no official point explains and
// that do not change which building is meant: a flat, a floor, a parking
// space, a house of a complex, the person the mail goes to, a country or a
// state. Each with what may follow it. Anything else the matcher cannot place
// means no official point (docs/api.md, "Geocoding warnings").

/** What follows a noise word: its number, a name (the rest of the part), or nothing. */
export type NoiseTail = 'number' | 'name' | 'none';

export interface NoiseWord {
  /** Folded forms (lower case, no dot) as they are typed. */
  words: readonly string[];
  tail: NoiseTail;
  meaning: string;
}

/** One table: docs/api.md lists it as it stands here. */
export const NOISE_WORDS: readonly NoiseWord[] = [
  {
    words: ['whg', 'wohnung', 'wohn', 'we', 'wohneinheit', 'whgnr', 'wohnungsnr', 'etw'],
    tail: 'number',
    meaning: 'Wohnung',
  },
  {
    words: ['app', 'apartment', 'appartement', 'apt', 'top'],
    tail: 'number',
    meaning: 'Apartment',
  },
  // The units a declaration of division (WEG) numbers: Sonder- and Teileigentum, commercial units.
  {
    words: ['einheit', 'einh', 'se', 'te', 'ge', 'gewerbeeinheit', 'laden', 'büro', 'buero'],
    tail: 'number',
    meaning: 'Einheit',
  },
  { words: ['zimmer', 'zi'], tail: 'number', meaning: 'Zimmer' },
  {
    words: ['og', 'obergeschoss', 'etage', 'stock', 'geschoss', 'hochparterre', 'hp', 'parterre'],
    tail: 'number',
    meaning: 'Geschoss',
  },
  {
    words: [
      'eg',
      'erdgeschoss',
      'dg',
      'dachgeschoss',
      'ug',
      'untergeschoss',
      'kg',
      'kellergeschoss',
      'souterrain',
      'penthouse',
    ],
    tail: 'number',
    meaning: 'Geschoss',
  },
  {
    words: ['tg', 'tiefgarage', 'stellplatz', 'stpl', 'garage', 'tgstellplatz', 'carport'],
    tail: 'number',
    meaning: 'Stellplatz',
  },
  { words: ['keller', 'kellerraum', 'abstellraum'], tail: 'number', meaning: 'Nebenraum' },
  // "Haus B", "Aufgang 2", "Eingang C": a house or stair of a complex under one address.
  { words: ['haus', 'aufgang', 'eingang'], tail: 'number', meaning: 'Haus einer Anlage' },
  // The buildings of one address around a courtyard (Berlin's Vorderhaus, Seitenflügel,
  // Quergebäude): they share its house number. Not "HH": it is also Hamburg.
  {
    words: [
      'vorderhaus',
      'vh',
      'hinterhaus',
      'seitenflügel',
      'seitenfluegel',
      'sf',
      'quergebäude',
      'quergebaeude',
      'gartenhaus',
      'hofgebäude',
      'hofgebaeude',
      'rückgebäude',
      'rueckgebaeude',
      'nebengebäude',
      'nebengebaeude',
      'anbau',
    ],
    tail: 'none',
    meaning: 'Gebäude eines Grundstücks',
  },
  // What a valuer notes about the object, after the address or in brackets ("… Essen – MFH",
  // "(ETW)"): the kind of building or ownership, its state, its year of construction.
  {
    words: [
      'mfh',
      'efh',
      'zfh',
      'dhh',
      'rh',
      'rmh',
      'reh',
      'wgh',
      'mehrfamilienhaus',
      'einfamilienhaus',
      'zweifamilienhaus',
      'doppelhaushälfte',
      'doppelhaushaelfte',
      'reihenhaus',
      'reihenmittelhaus',
      'reihenendhaus',
      'wohnhaus',
      'geschäftshaus',
      'geschaeftshaus',
      'gewerbe',
      'teileigentum',
      'wohnungseigentum',
      'sondereigentum',
      'bestand',
      'altbau',
      'leerstehend',
      'leerstand',
      'vermietet',
      'selbstgenutzt',
      'eigengenutzt',
      'sanierungsobjekt',
    ],
    tail: 'none',
    meaning: 'Objektangabe',
  },
  { words: ['baujahr', 'bj'], tail: 'number', meaning: 'Baujahr' },
  // Not "Mitte": it is also an Ortsteil (Berlin-Mitte, Wiesbaden-Mitte).
  {
    words: ['links', 'rechts', 'li', 're', 'vorne', 'vorn', 'hinten'],
    tail: 'none',
    meaning: 'Lage im Geschoss',
  },
  { words: ['c/o', 'co', 'bei', 'b'], tail: 'name', meaning: 'Empfänger' },
  // The district a municipality lies in ("Kreis Gütersloh", "Landkreis Dahme-Spreewald",
  // "Kreisfreie Stadt"; "Main-Kinzig-Kreis" by KREIS_NAME): the municipality says more.
  { words: ['kreis', 'landkreis', 'lk', 'lkr', 'kreisfreie'], tail: 'name', meaning: 'Kreis' },
];

const BY_WORD = new Map(NOISE_WORDS.flatMap((n) => n.words.map((w) => [w, n] as const)));

/** A district named by its compound: "Main-Kinzig-Kreis", "Rhein-Sieg-Kreis". */
const KREIS_NAME = /^\p{L}+(?:-\p{L}+)*-Kreis$/iu;
const KREIS = NOISE_WORDS.find((n) => n.meaning === 'Kreis');

/** The noise word a token is ("Whg." → Wohnung), or undefined. */
export function noiseWord(token: string): NoiseWord | undefined {
  if (KREIS_NAME.test(token)) return KREIS;
  // "Whg.-Nr." is one word: its dots and hyphens fold away.
  return BY_WORD.get(token.toLowerCase().replace(/[.:-]/g, ''));
}

/** An ordinal before a floor ("3. OG") belongs to the floor. */
export const ORDINAL = /^\d{1,2}\.$/;

/**
 * Countries and states typed after the place, as placeKey()s (lower case
 * letters and digits only), each state with its codes (ISO 3166-2 and the
 * common ones: "NRW", "RLP"): a country says nothing a postcode does not; a
 * state must be the point's own, so a code read where something else was meant
 * ("HH" for a Hinterhaus) only ever costs a point, never gives another.
 */
export const REGIONS: Readonly<Record<string, string | undefined>> = {
  deutschland: undefined,
  germany: undefined,
  de: undefined,
  d: undefined,
  brd: undefined,
  bundesrepublikdeutschland: undefined,
  badenwuerttemberg: 'BW',
  bw: 'BW',
  bayern: 'BY',
  by: 'BY',
  berlin: 'BE',
  be: 'BE',
  brandenburg: 'BB',
  bb: 'BB',
  bremen: 'HB',
  hb: 'HB',
  hamburg: 'HH',
  hh: 'HH',
  hessen: 'HE',
  he: 'HE',
  mecklenburgvorpommern: 'MV',
  mv: 'MV',
  niedersachsen: 'NI',
  ni: 'NI',
  nordrheinwestfalen: 'NW',
  nw: 'NW',
  nrw: 'NW',
  rheinlandpfalz: 'RP',
  rp: 'RP',
  rlp: 'RP',
  saarland: 'SL',
  sl: 'SL',
  sachsen: 'SN',
  sn: 'SN',
  sachsenanhalt: 'ST',
  st: 'ST',
  schleswigholstein: 'SH',
  sh: 'SH',
  thueringen: 'TH',
  th: 'TH',
};

/** Words of notes that carry a number ("Whg. 5", "TG 14"), as a regular expression's alternatives. */
export const NUMBERED_NOTE_WORDS = NOISE_WORDS.filter((n) => n.tail === 'number')
  .flatMap((n) => n.words)
  .sort((a, b) => b.length - a.length)
  .join('|');

/**
 * Words before the house number that say it is one ("Nr. 40", "Hausnr. 40",
 * "Haus-Nr. 40", "Hs.-Nr. 40", "Hausnummer 40", "No. 40"), folded without dot
 * or hyphen. After the number "Nr. 5" is a flat's number (NOISE_WORDS). One
 * table: docs/api.md lists it.
 */
export const NUMBER_MARKERS: readonly string[] = [
  'nr',
  'hausnr',
  'hnr',
  'hsnr',
  'hausnummer',
  'nummer',
  'no',
];

/** A number marker as typed, with its dot and hyphen ("Haus-Nr.", "Hs.-Nr."), as a regular expression's alternatives. */
export const NUMBER_MARKER_WORDS = NUMBER_MARKERS.map((m) =>
  m.replace(/^(haus|hs)(?=nr)/, '$1\\.?-?'),
)
  .sort((a, b) => b.length - a.length)
  .join('|');

/**
 * Field names before a colon, as forms and valuation software export an
 * address ("Straße: Lange Straße 11, Ort: 32756 Detmold"), folded without
 * dots, slashes and spaces. One table: docs/api.md lists it.
 */
export const FIELD_LABELS: readonly string[] = [
  'adresse',
  'anschrift',
  'objektadresse',
  'objektanschrift',
  'lage',
  'lagedesobjekts',
  'objektlage',
  'strasse',
  'straße',
  'str',
  'strnr',
  'strassenr',
  'straßenr',
  'strassehausnummer',
  'straßehausnummer',
  'hausnummer',
  'hausnr',
  'nr',
  'plz',
  'ort',
  'plzort',
  'wohnort',
  'gemeinde',
];
