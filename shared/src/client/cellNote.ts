// The note a land value carries when a spreadsheet keeps it without the add-in
// ("Werte fixieren"): the value, its stichtag, when it was fetched, and the
// source and licence dl-de/by-2-0 §2 requires next to the data (the data
// owner, the licence with its link, the dataset's address).
import type { Attribution } from '../apiTypes.js';
import { LICENSES } from '../texts.js';
import { germanNumber } from './zoneChoice.js';

export interface CellNoteFacts {
  /** The zone's land value in EUR/m²; undefined where the cell stands for several zones. */
  bodenrichtwert: number | undefined;
  /** YYYY-MM-DD; undefined where the zones of the cell differ in it. */
  stichtag: string | undefined;
  /** When the service fetched the value from the state's service (ISO date or timestamp). */
  abgerufenAm: string;
  attribution: Attribution;
}

/** "2026-01-01" (or a timestamp starting so) as "01.01.2026"; anything else unchanged. */
function germanDate(iso: string): string {
  const day = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return day === null ? iso : `${day[3]}.${day[2]}.${day[1]}`;
}

/** The licence named by the attribution's link, with its name where it is one we know. */
function licenceText(attribution: Attribution): string {
  const known = Object.entries(LICENSES).find(([, { url }]) => url === attribution.license_url);
  return known === undefined
    ? attribution.license_url
    : `${known[1].name} (${known[0]}), ${attribution.license_url}`;
}

/** The lines of the note, German, one fact a line. */
export function cellNoteLines(facts: CellNoteFacts): string[] {
  const { bodenrichtwert, stichtag, abgerufenAm, attribution } = facts;
  const source =
    attribution.source_url === ''
      ? attribution.text
      : `${attribution.text}, ${attribution.source_url}`;
  return [
    `Bodenrichtwert: ${bodenrichtwert === undefined ? 'mehrere Zonen' : `${germanNumber(bodenrichtwert)} EUR/m²`}`,
    `Stichtag: ${stichtag === undefined ? 'je Zone verschieden' : germanDate(stichtag)}`,
    `Abrufdatum: ${germanDate(abgerufenAm)}`,
    `Quelle: ${source}`,
    `Lizenz: ${licenceText(attribution)}`,
  ];
}
