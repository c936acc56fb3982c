// The note a cell keeps once "Werte fixieren" has turned its formula into its
// value (both add-ins): without the formula, the cell itself has to say what the
// value is, on which stichtag, when it was fetched, from whom and under which
// licence. dl-de/by-2-0 §2 asks for the provider, the licence and a reference
// to the data next to the data (govdata.de/dl-de/by-2-0); a fixed cell in a
// shared or archived workbook keeps that without the add-in.
import type { Attribution, GeocodingWarning } from '../apiTypes.js';
import { LICENSES, gfzConversionLine, warningSentences } from '../texts.js';
import { germanNumber } from './zoneChoice.js';

/** What a note says about the zone (or zones) behind a fixed cell. */
export interface CellNoteFacts {
  /** The zone's land value in EUR/m² (`brw_euro_pro_m2`); undefined where the cell stands for several zones. */
  bodenrichtwert: number | undefined;
  /** The zone's stichtag, YYYY-MM-DD; undefined where the zones of the cell differ in it. */
  stichtag: string | undefined;
  /** When the service fetched the values from the official source (`abgerufen_am`, ISO 8601). */
  abgerufenAm: string;
  attribution: Attribution;
  /**
   * The GFZ a value in the cell was converted to (a parcel's land value with
   * `gfz`): without the add-in, the cell itself has to say it is converted.
   */
  gfz?: number | undefined;
  /**
   * What the official source could not be asked for that time (the answer's
   * `hinweise`, e.g. the procedure areas): a fixed cell keeps no later answer
   * that would have checked it, so its note says so.
   */
  hinweise?: readonly string[] | undefined;
  /**
   * The answer's geocoding warnings: a fixed cell has no pane beside it, so
   * its note says what the user should check about the address.
   */
  warnings?: readonly GeocodingWarning[] | undefined;
  /**
   * A value that is not a land value (an Immobilienrichtwert, a
   * Liegenschaftszinssatz): its name and unit name the first line instead.
   */
  shown?: { name: string; unit: string; value: number } | undefined;
}

/** YYYY-MM-DD → DD.MM.YYYY, as a German reader writes a day. */
function germanDay(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}.${month}.${year}`;
}

/** The calendar day in Germany (the data owners' and the valuer's time zone). */
const berlinDay = new Intl.DateTimeFormat('de-DE', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: 'Europe/Berlin',
});

/** The licence named by the attribution's link, with its name and id where it is one we know. */
function licenceText(url: string): string {
  const known = Object.entries(LICENSES).find(([, licence]) => licence.url === url);
  return known === undefined ? url : `${known[1].name} (${known[0]}), ${url}`;
}

/**
 * The note's lines: Bodenrichtwert, Stichtag, the GFZ conversion where there
 * is one, Abrufdatum, Quelle, Lizenz, and a Hinweis per unchecked fact (German).
 */
export function cellNoteLines({
  bodenrichtwert,
  stichtag,
  abgerufenAm,
  attribution,
  gfz,
  hinweise = [],
  warnings = [],
  shown,
}: CellNoteFacts): string[] {
  const fetched = new Date(abgerufenAm);
  const source = attribution.source_url === '' ? '' : `, ${attribution.source_url}`;
  return [
    shown !== undefined
      ? `${shown.name}: ${germanNumber(shown.value)} ${shown.unit}`
      : `Bodenrichtwert: ${bodenrichtwert === undefined ? 'mehrere Zonen' : `${germanNumber(bodenrichtwert)} EUR/m²`}`,
    `Stichtag: ${stichtag === undefined ? 'je Zone verschieden' : germanDay(stichtag)}`,
    ...(gfz === undefined ? [] : [gfzConversionLine(germanNumber(gfz))]),
    `Abrufdatum: ${Number.isNaN(fetched.getTime()) ? abgerufenAm : berlinDay.format(fetched)}`,
    `Quelle: ${attribution.text}${source}`,
    `Lizenz: ${licenceText(attribution.license_url)}`,
    ...hinweise.map((text) => `Hinweis: ${text}`),
    ...(warnings.length === 0 ? [] : [`Adresse: ${warningSentences(warnings).trim()}`]),
  ];
}
