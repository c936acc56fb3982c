// Every zone at an address as a table (BRW.ZONEN in Excel, BODENRICHTWERT_ZONEN
// in Sheets): a header row, then one row per zone in canonical order. The
// columns come from one list: the fixed columns a valuer needs to tell zones
// apart, then every further field a state publishes. A field added to
// BodenrichtwertEntry fails to compile until it has a header here, and then
// appears in the table without any change to the functions.
import type { BodenrichtwertEntry } from '../apiTypes.js';
import { sortByLandUse } from '../landUse.js';

type EntryField = keyof BodenrichtwertEntry;

/** Always shown, in this order. */
const FIXED_COLUMNS = [
  ['nutzungsart', 'Nutzungsart'],
  ['code', 'Kürzel'],
  ['brw_euro_pro_m2', 'Bodenrichtwert'],
  ['stichtag', 'Stichtag'],
  ['bodenrichtwertnummer', 'Bodenrichtwertnummer'],
  ['zonenbezeichnung', 'Zone'],
  ['entwicklungszustand', 'Entwicklungszustand'],
  ['beitragszustand', 'Beitragszustand'],
  ['wertrel_geschossflaechenzahl', 'wertrelevante GFZ'],
] as const satisfies readonly (readonly [EntryField, string])[];

type FixedField = (typeof FIXED_COLUMNS)[number][0];

/** Every other field of an entry, shown when at least one zone at the address publishes it. */
export const PUBLISHED_COLUMNS: Readonly<Record<Exclude<EntryField, FixedField>, string>> = {
  gemeinde: 'Gemeinde',
  gutachterausschuss: 'Gutachterausschuss',
  verfahrensgrund: 'Verfahrensgrund',
  verfahrensgrund_zusatz: 'Verfahrensgrund (Zusatz: Anfangs-/Endwert)',
  ackerzahl: 'Ackerzahl',
  ackerzahl_min: 'Ackerzahl von',
  ackerzahl_max: 'Ackerzahl bis',
  gruenlandzahl: 'Grünlandzahl',
  gruenlandzahl_min: 'Grünlandzahl von',
  gruenlandzahl_max: 'Grünlandzahl bis',
  gemarkung: 'Gemarkung',
  bemerkung: 'Bemerkung',
  bauweise: 'Bauweise',
  geschossflaechenzahl: 'GFZ',
  grundflaechenzahl: 'GRZ',
  vollgeschosszahl: 'Vollgeschosse',
  baumassenzahl: 'Baumassenzahl',
  flaeche_m2: 'Fläche (m²)',
  tiefe_m: 'Tiefe (m)',
  viewer_url: 'Kartenviewer',
};

export type ZoneTableCell = string | number;

const published = (value: unknown) => value !== undefined && value !== '';

/** Header row and one row per zone; a field a zone does not publish is a blank cell. */
export function zoneTable(entries: readonly BodenrichtwertEntry[]): ZoneTableCell[][] {
  const zones = sortByLandUse(entries);
  const extra = (Object.entries(PUBLISHED_COLUMNS) as [EntryField, string][]).filter(([field]) =>
    zones.some((zone) => published(zone[field])),
  );
  const columns: readonly (readonly [EntryField, string])[] = [...FIXED_COLUMNS, ...extra];
  return [
    columns.map(([, header]) => header),
    ...zones.map((zone) =>
      columns.map(([field]) => {
        const value = zone[field];
        return typeof value === 'number' || typeof value === 'string' ? value : '';
      }),
    ),
  ];
}

/** The Bodenrichtwertnummer argument: a number typed without quotes counts as its digits. */
export function readZoneArgument(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  return text === '' ? undefined : text;
}
