// The Immobilienrichtwert answer (GET /api/immobilienrichtwert, MCP
// get_immobilienrichtwert): the wire types, the sub-market table, and the
// pure mapping of a stored zone record to one item. Values are answered as
// published; the conversion to the valuer's object is the valuer's
// (ImmoWertV § 10), with the committee's coefficients in the document it names.
import type { Attribution, Geocoding } from './apiTypes.js';
import type { IrwRecord } from './immobilienrichtwertRecord.js';

/**
 * TEILMA, the sub-market, as code and German name. The seven sub-markets are
 * those of NRW's IRW map service (its layers Ein-/Zweifamilienhäuser bis
 * Gewerbe/Industrie); the numbering 1–7 follows no published code list (none
 * was found), so a value not in this table is answered as published.
 */
export const TEILMAERKTE: Readonly<Record<string, string>> = {
  '1': 'Ein- und Zweifamilienhäuser',
  '2': 'Reihenhäuser und Doppelhaushälften',
  '3': 'Eigentumswohnungen',
  '4': 'Mehrfamilienhäuser',
  '5': 'Gemischt genutzte Gebäude',
  '6': 'Büro- und Geschäftsgebäude',
  '7': 'Gewerbe und Industrie',
};

export const IRW_DISCLAIMER =
  'Immobilienrichtwerte sind von den Gutachterausschüssen ermittelte durchschnittliche ' +
  'Lagewerte für ein typisches Normobjekt. Sie sind kein Verkehrswert (Marktwert), kein ' +
  'Kaufpreis und keine Rechtsberatung.';

/** The German sentence on the conversion to the valuer's object. */
export const CONVERSION_TEXT =
  'Der Immobilienrichtwert gilt für das beschriebene Normobjekt. Die Umrechnung auf das zu ' +
  'bewertende Objekt ist Sache des Sachverständigen (§ 10 ImmoWertV, Modellkonformität); sie ' +
  'geschieht mit den Umrechnungskoeffizienten, die der Gutachterausschuss im genannten Dokument ' +
  'veröffentlicht, und ist hier nicht angewendet.';

export type Flaeche = number | { von: number; bis: number };

export interface ImmobilienrichtwertItem {
  /** €/m² Wohnfläche, as published. */
  immobilienrichtwert: number;
  /** YYYY-MM-DD */
  stichtag: string;
  teilmarkt: string;
  teilmarkt_code: string;
  objektgruppe?: string;
  baujahr?: number;
  /** m² */
  wohnflaeche?: number;
  /** m²: a value or a range. */
  grundstuecksflaeche?: Flaeche;
  gebaeudestandard?: string;
  gebaeudeart?: string;
  wohnlage?: string;
  keller?: string;
  anzahl_einheiten?: number;
  zone?: string;
  gemeinde?: string;
  gemeindeschluessel?: string;
  postleitzahl?: string;
  beitragszustand?: string;
  gutachterausschuss?: string;
  umrechnung: { dokument_url?: string; text: string };
}

export interface ImmobilienrichtwertResponse {
  address_input: string;
  address_resolved: string;
  coordinates: { lat: number; lon: number };
  geocoding: Geocoding;
  immobilienrichtwerte: ImmobilienrichtwertItem[];
  attribution: Attribution;
  disclaimer: string;
}

/** The code of a sub-market given as code or German name (case aside); undefined if none. */
export function teilmarktCode(text: string): string | undefined {
  const wanted = text.trim().toLowerCase();
  if (TEILMAERKTE[wanted] !== undefined) return wanted;
  return Object.keys(TEILMAERKTE).find((code) => TEILMAERKTE[code]?.toLowerCase() === wanted);
}

/** The plot area: "500" a value, "111-130" (also with an en dash) a range; else absent. */
export function parseFlaeche(text: string | undefined): Flaeche | undefined {
  if (text === undefined) return undefined;
  const range = /^(\d+(?:[.,]\d+)?)\s*[-–]\s*(\d+(?:[.,]\d+)?)$/.exec(text.trim());
  if (range) return { von: areaNumber(range[1]), bis: areaNumber(range[2]) };
  return /^\d+(?:[.,]\d+)?$/.test(text.trim()) ? areaNumber(text.trim()) : undefined;
}

const areaNumber = (text: string | undefined) => Number((text ?? '').replace(',', '.'));

/** One item from a stored record; fields not published stay absent. */
export function immobilienrichtwertItem(record: IrwRecord): ImmobilienrichtwertItem {
  const number = (text: string | undefined) => {
    const value = text === undefined ? NaN : Number(text);
    return Number.isFinite(value) ? value : undefined;
  };
  const code = record.teilmarkt;
  const optional = {
    objektgruppe: record.objektgruppe,
    baujahr: number(record.baujahr),
    wohnflaeche: number(record.wohnflaeche),
    grundstuecksflaeche: parseFlaeche(record.grundstuecksflaeche),
    gebaeudestandard: record.gebaeudestandard,
    gebaeudeart: record.ergaenzende_gebaeudeart,
    wohnlage: record.wohnlage,
    keller: record.keller,
    anzahl_einheiten: number(record.anzahl_einheiten),
    zone: record.zonenname,
    gemeinde: record.gemeinde,
    gemeindeschluessel: record.gemeindeschluessel,
    postleitzahl: record.postleitzahl,
    beitragszustand: record.beitragszustand,
    gutachterausschuss: record.gutachterausschuss,
  };
  const present = Object.fromEntries(
    Object.entries(optional).filter(([, value]) => value !== undefined && value !== ''),
  ) as Partial<ImmobilienrichtwertItem>;
  return {
    immobilienrichtwert: Number(record.immobilienrichtwert),
    stichtag: record.stichtag,
    teilmarkt: TEILMAERKTE[code] ?? code,
    teilmarkt_code: code,
    ...present,
    umrechnung: {
      ...(record.umrechnung_url === undefined ? {} : { dokument_url: record.umrechnung_url }),
      text: CONVERSION_TEXT,
    },
  };
}
