// The published land uses and the code of §2.1 each maps to: the whole AdV
// code list BR_Art_Nutzung (GDI-DE registry
// https://registry.gdi-de.org/codelist/de.adv-online.gid/BR_Art_Nutzung, 42
// values; the listing as recorded live in zalf-lli/living-lab-explorer's
// BORIS research note) with the letters of the AdV Bodenrichtwertrichtlinie
// that VBORIS and BRM 2 services publish instead of the number (the same list
// in JB1991/boris power/.../pipes/nutzung.pipe.ts, the BORIS-NI front end, and
// the NUTA list of the BORIS.NRW data model v3.2, wm87/wms-opendata
// products/boris_nrw/boris.nrw_datenmodell_brw_v3.2.ods). Names are the long
// German names of those lists. Lookups are by the exact letter token, never
// by a prefix, so Grünland (GR) is L and not G; the variants states add around
// a token (M1, SF-KGA) are read by the explicit rules in publishedUse.ts.
//
// Decisions where the code list has no clean target (also in docs/sources.md):
// - 14xx Sonderbaufläche, incl. SE and "SO sonstige Sondergebiete"
//   (BauNVO §10 and BauNVO §11, e.g. hospitals, universities) → S, the
//   special *building* area.
// - 1500 GB Baufläche für Gemeinbedarf (schools, hospitals) → S.
// - 30xx areas that are no building land (private green, allotments, sport,
//   cemeteries, water, parking, storage, mining, …) and 9998 → SO (other area).
// - 2000 is written L (GDI-DE listing, NRW answers) or LW (Richtlinie letters,
//   NRW data model, Hessen's WFS): both are L.
import type { LandUseCode } from '#shared/landUse.js';

export interface PublishedUse {
  code: LandUseCode;
  /** The German name of the code list entry. */
  name: string;
}

interface CodeListValue {
  number: number;
  /** Every letter code published for the value; the first is the code list's own. */
  letters: readonly string[];
  use: PublishedUse;
}

const value = (
  number: number,
  letters: string | readonly string[],
  code: LandUseCode,
  name: string,
): CodeListValue => ({
  number,
  letters: typeof letters === 'string' ? [letters] : letters,
  use: { code, name },
});

const CODE_LIST: readonly CodeListValue[] = [
  value(1100, 'W', 'W', 'Wohnbaufläche'),
  value(1110, 'WS', 'W', 'Kleinsiedlungsgebiet'),
  value(1120, 'WR', 'W', 'Reines Wohngebiet'),
  value(1130, 'WA', 'W', 'Allgemeines Wohngebiet'),
  value(1140, 'WB', 'W', 'Besonderes Wohngebiet'),
  value(1200, 'M', 'M', 'Gemischte Baufläche'),
  value(1210, 'MD', 'M', 'Dorfgebiet'),
  value(1220, 'MDW', 'M', 'Dörfliches Wohngebiet'),
  value(1230, 'MI', 'M', 'Mischgebiet'),
  value(1240, 'MK', 'M', 'Kerngebiet'),
  value(1250, 'MU', 'M', 'Urbanes Gebiet'),
  value(1300, 'G', 'G', 'Gewerbliche Baufläche'),
  value(1310, 'GE', 'G', 'Gewerbegebiet'),
  value(1320, 'GI', 'G', 'Industriegebiet'),
  value(1400, 'S', 'S', 'Sonderbaufläche'),
  value(1410, 'SE', 'S', 'Sondergebiet für Erholung'),
  value(1420, 'SO', 'S', 'Sonstige Sondergebiete'),
  value(1500, 'GB', 'S', 'Baufläche für Gemeinbedarf'),
  value(2000, ['L', 'LW'], 'L', 'Landwirtschaftliche Fläche'),
  value(2100, 'A', 'L', 'Acker'),
  value(2200, 'GR', 'L', 'Grünland'),
  value(2300, 'EGA', 'L', 'Erwerbsgartenanbaufläche'),
  value(2400, 'SK', 'L', 'Anbaufläche für Sonderkulturen'),
  value(2500, 'WG', 'L', 'Weingarten'),
  value(2600, 'KUP', 'L', 'Kurzumtriebsplantagen, Agroforst'),
  value(2700, 'UN', 'L', 'Unland, Geringstland, Bergweide, Moor'),
  value(2800, 'F', 'F', 'Forstwirtschaftliche Fläche'),
  value(3010, 'PG', 'SO', 'Private Grünfläche'),
  value(3020, 'KGA', 'SO', 'Kleingartenfläche'),
  value(3030, 'FGA', 'SO', 'Freizeitgartenfläche'),
  value(3040, 'CA', 'SO', 'Campingplatz'),
  value(3050, 'SPO', 'SO', 'Sportfläche'),
  value(3060, 'SG', 'SO', 'Sonstige private Fläche'),
  value(3070, 'FH', 'SO', 'Friedhof'),
  value(3080, 'WF', 'SO', 'Wasserfläche'),
  value(3090, 'FP', 'SO', 'Flughäfen, Flugplätze'),
  value(3100, 'PP', 'SO', 'Private Parkplätze, Stellplatzflächen'),
  value(3110, 'LG', 'SO', 'Lagerfläche'),
  value(3120, 'AB', 'SO', 'Abbauland'),
  value(3130, 'GF', 'SO', 'Gemeinbedarfsfläche (kein Bauland)'),
  value(3140, 'SN', 'SO', 'Sondernutzungsfläche'),
  value(9998, [], 'SO', 'Nach Quellenlage nicht zu spezifizieren'),
];

const BY_LETTERS: ReadonlyMap<string, PublishedUse> = new Map(
  CODE_LIST.flatMap((v) => v.letters.map((letters) => [letters, v.use] as const)),
);

const BY_NUMBER: ReadonlyMap<number, PublishedUse> = new Map(
  CODE_LIST.map((v) => [v.number, v.use]),
);

/**
 * The development states of ImmoWertV §3 (B, R, E, LF, SF): Berlin writes one
 * before the use code ("SF-KGA", "LF-F"); the use code alone decides.
 */
export const DEVELOPMENT_STATES = ['B', 'R', 'E', 'LF', 'SF'] as const;

/**
 * A development state published in place of a use. Only SF has a clean target:
 * every "sonstige Fläche" is an other area (SO). LF (land- und
 * forstwirtschaftliche Fläche) stays unread: it is L or F, and §2.1 removed
 * the combined code LF.
 */
const DEVELOPMENT_STATE_USES: Readonly<Record<string, PublishedUse>> = {
  SF: { code: 'SO', name: 'Sonstige Fläche' },
};

/**
 * The Ergänzung (ergänzende Art der Nutzung) by its published letters, upper
 * case: the list of the AdV Bodenrichtwertrichtlinie as the BORIS-NI front end
 * names it (JB1991/boris nutzung.pipe.ts), NRW's ERGNUTA letters (BORIS.NRW
 * data model v3.2, published in lower case) and Bremen's G1–G4
 * (nutzung-bremen.pipe.ts). Letters in none of them are shown as published.
 */
export const ERGAENZUNG_NAMES: Readonly<Record<string, string>> = {
  EFH: 'Ein- und Zweifamilienhäuser',
  MFH: 'Mehrfamilienhäuser',
  GH: 'Geschäftshäuser',
  WGH: 'Wohn- und Geschäftshäuser',
  BGH: 'Büro- und Geschäftshäuser',
  BH: 'Bürohäuser',
  PL: 'Produktion und Logistik',
  WO: 'Wochenendhäuser',
  FEH: 'Ferienhäuser',
  FZT: 'Freizeit und Touristik',
  LAD: 'Läden (eingeschossig)',
  EKZ: 'Einkaufszentren',
  MES: 'Messen, Ausstellungen, Kongresse, Großveranstaltungen aller Art',
  BI: 'Bildungseinrichtungen',
  MED: 'Gesundheitseinrichtungen',
  HAF: 'Hafen',
  GAR: 'Garagen, Stellplatzanlagen, Parkhäuser',
  MIL: 'Militär',
  LP: 'Landwirtschaftliche Produktion',
  ASB: 'Außenbereich',
  OG: 'Obstanbaufläche',
  GEM: 'Gemüseanbaufläche',
  BLU: 'Blumen- und Zierpflanzenanbaufläche',
  BMS: 'Baumschulfläche',
  SPA: 'Spargelanbaufläche',
  HPF: 'Hopfenanbaufläche',
  TAB: 'Tabakanbaufläche',
  FL: 'Weingarten in Flachlage',
  HL: 'Weingarten in Hanglage',
  STL: 'Weingarten in Steillage',
  SND: 'Abbauland von Sand und Kies',
  TON: 'Abbauland von Ton und Mergel',
  TOF: 'Abbauland von Torf',
  STN: 'Steinbruch',
  KOH: 'Braunkohletagebau',
  ED: 'Einzel- und Doppelhäuser',
  EH: 'Freistehende Ein- und Zweifamilienhäuser',
  DH: 'Doppelhaushälften',
  RH: 'Reihenhäuser',
  RM: 'Reihenmittelhäuser',
  RE: 'Reihenendhäuser',
  G1: 'Produktion, Spedition u. ä.',
  G2: 'Büro, hochwertige Dienste usw.',
  G3: 'Handel, Geschäfte usw.',
  G4: 'Verbrauchermärkte u. ä.',
};

export function useByLetters(letters: string): PublishedUse | undefined {
  return BY_LETTERS.get(letters);
}

export function useByNumber(code: number): PublishedUse | undefined {
  return BY_NUMBER.get(code);
}

export function useOfDevelopmentState(letters: string): PublishedUse | undefined {
  return DEVELOPMENT_STATE_USES[letters];
}

/** A published name without code ("Wohnbaufläche"), matched case-insensitively. */
export function useByName(name: string): PublishedUse | undefined {
  const wanted = name.toLocaleLowerCase('de');
  return CODE_LIST.find((v) => v.use.name.toLocaleLowerCase('de') === wanted)?.use;
}

/** Every value of the code list with its letter codes, for docs/sources.md and tests. */
export function codeListRows(): {
  number: number;
  letters: readonly string[];
  use: PublishedUse;
}[] {
  return CODE_LIST.map((v) => ({ ...v }));
}
