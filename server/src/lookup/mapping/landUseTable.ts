// The published land uses and the code of §2.1 each maps to. Sources publish
// the AdV/GDI-DE code list BR_Art_Nutzung as letters (WA, GR, …), as numbers
// (1130, 2200, …) or as "letters - name" text ("W - Wohngebiet"). Lookups are
// by the exact letter token, never by a prefix, so Grünland (GR) is L and not G.
//
// Decisions where the code list has no clean target (documented in docs/sources.md):
// - 14xx Sonderbaufläche, incl. SE and "SO sonstige Sondergebiete" (BauNVO
//   §10/§11, e.g. hospitals, universities) → S, the special *building* area.
// - 1500 GB Baufläche für Gemeinbedarf (schools, hospitals) → S.
// - 30xx areas that are no building land (private green, allotments, sport,
//   cemeteries, water, parking, storage, mining, …) and 9998 → SO (other area).
import type { LandUseCode } from '../../../../shared/src/landUse.js';

export interface PublishedUse {
  code: LandUseCode;
  /** The German name of the code list entry. */
  name: string;
}

const use = (code: LandUseCode, name: string): PublishedUse => ({ code, name });

/** BR_Art_Nutzung: letter code → [numeric code, use]. */
const CODE_LIST: Readonly<Record<string, readonly [number, PublishedUse]>> = {
  W: [1100, use('W', 'Wohnbaufläche')],
  WS: [1110, use('W', 'Kleinsiedlungsgebiet')],
  WR: [1120, use('W', 'Reines Wohngebiet')],
  WA: [1130, use('W', 'Allgemeines Wohngebiet')],
  WB: [1140, use('W', 'Besonderes Wohngebiet')],
  M: [1200, use('M', 'Gemischte Baufläche')],
  MD: [1210, use('M', 'Dorfgebiet')],
  MDW: [1220, use('M', 'Dörfliches Wohngebiet')],
  MI: [1230, use('M', 'Mischgebiet')],
  MK: [1240, use('M', 'Kerngebiet')],
  MU: [1250, use('M', 'Urbanes Gebiet')],
  G: [1300, use('G', 'Gewerbliche Baufläche')],
  GE: [1310, use('G', 'Gewerbegebiet')],
  GI: [1320, use('G', 'Industriegebiet')],
  S: [1400, use('S', 'Sonderbaufläche')],
  SE: [1410, use('S', 'Sondergebiet für Erholung')],
  SO: [1420, use('S', 'Sonstiges Sondergebiet')],
  GB: [1500, use('S', 'Baufläche für Gemeinbedarf')],
  L: [2000, use('L', 'Landwirtschaftliche Fläche')],
  A: [2100, use('L', 'Acker')],
  GR: [2200, use('L', 'Grünland')],
  EGA: [2300, use('L', 'Erwerbsgartenbaufläche')],
  SK: [2400, use('L', 'Sonderkulturen')],
  WG: [2500, use('L', 'Weingarten')],
  KUP: [2600, use('L', 'Kurzumtriebsplantage, Agroforst')],
  UN: [2700, use('L', 'Unland')],
  F: [2800, use('F', 'Forstwirtschaftliche Fläche')],
  PG: [3010, use('SO', 'Private Grünfläche')],
  KGA: [3020, use('SO', 'Kleingartenfläche')],
  FGA: [3030, use('SO', 'Freizeitgartenfläche')],
  CA: [3040, use('SO', 'Campingplatz')],
  SPO: [3050, use('SO', 'Sportfläche')],
  SG: [3060, use('SO', 'Sonstige private Fläche')],
  FH: [3070, use('SO', 'Friedhof')],
  WF: [3080, use('SO', 'Wasserfläche')],
  FP: [3090, use('SO', 'Flughafen')],
  PP: [3100, use('SO', 'Private Parkplätze')],
  LG: [3110, use('SO', 'Lagerfläche')],
  AB: [3120, use('SO', 'Abbauland')],
  GF: [3130, use('SO', 'Gemeinbedarfsfläche (kein Bauland)')],
  SN: [3140, use('SO', 'Sondernutzungsfläche')],
};

const BY_NUMBER: ReadonlyMap<number, PublishedUse> = new Map([
  ...Object.values(CODE_LIST),
  [9998, use('SO', 'Nicht zu spezifizieren')],
]);

/** Common abbreviations of the Ergänzung (e.g. HE's overlapping EFH/MFH zones). */
export const ERGAENZUNG_NAMES: Readonly<Record<string, string>> = {
  EFH: 'Ein- und Zweifamilienhäuser',
  MFH: 'Mehrfamilienhäuser',
  BH: 'Bürohäuser',
  BGH: 'Büro- und Geschäftshäuser',
};

export function useByLetters(letters: string): PublishedUse | undefined {
  return CODE_LIST[letters]?.[1];
}

export function useByNumber(code: number): PublishedUse | undefined {
  return BY_NUMBER.get(code);
}

/** A published name without code ("Wohnbaufläche"), matched case-insensitively. */
export function useByName(name: string): PublishedUse | undefined {
  const wanted = name.toLocaleLowerCase('de');
  return [...BY_NUMBER.values()].find((u) => u.name.toLocaleLowerCase('de') === wanted);
}

/** Every letter code with its numeric code and target, for docs/sources.md and tests. */
export function codeListRows(): { letters: string; number: number; use: PublishedUse }[] {
  return Object.entries(CODE_LIST).map(([letters, [number, u]]) => ({ letters, number, use: u }));
}
