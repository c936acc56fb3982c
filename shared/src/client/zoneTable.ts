// Every zone at an address as a table (BRW.ZONEN in Excel, BODENRICHTWERT_ZONEN
// in Sheets): a header row, then one row per zone in canonical order. The
// columns come from the field table (entryFields.ts), in the order pages
// show them: the fixed columns a valuer needs to tell zones apart, then every
// further field a state publishes. A field added to the table appears here
// without any change to the functions.
import type { BodenrichtwertEntry } from '../apiTypes.js';
import { DISPLAY_COLUMNS, ENTRY_COLUMNS, type EntryColumn, type EntryKey } from '../entryFields.js';
import { sortByLandUse } from '../landUse.js';

/** Always shown, in this order. */
const FIXED_COLUMNS = DISPLAY_COLUMNS.filter(({ field }) => field.always);

const OTHER_COLUMNS = DISPLAY_COLUMNS.filter(({ field }) => !field.always);

/** Headers of every other field of an entry, shown when at least one zone at the address publishes it. */
export const PUBLISHED_COLUMNS: Readonly<Record<string, string>> = Object.fromEntries(
  OTHER_COLUMNS.map(({ key, header }) => [key, header]),
);

export type ZoneTableCell = string | number;

const headerOf = (key: EntryKey) =>
  ENTRY_COLUMNS.find((column) => column.key === key)?.header ?? key;

/** The headers of a zone's land value and stichtag, in ZONEN and in the parcel table alike. */
export const VALUE_HEADER = headerOf('brw_euro_pro_m2');
export const STICHTAG_HEADER = headerOf('stichtag');

/** One zone row of a table: where it is, and its land value and stichtag for a cell's note. */
export interface ZoneRow {
  row: number;
  bodenrichtwert: number | undefined;
  stichtag: string | undefined;
}

/**
 * The zone rows of a table as the functions show it (BRW.ZONEN and
 * BODENRICHTWERT_ZONEN; the parcel table, whose zones follow the parcel's
 * rows): every row under the header that names the land value and the
 * stichtag. "Werte fixieren" notes each with its own zone's facts.
 */
export function zoneRows(table: readonly (readonly ZoneTableCell[])[]): ZoneRow[] {
  const headerRow = table.findIndex(
    (row) => row.includes(VALUE_HEADER) && row.includes(STICHTAG_HEADER),
  );
  if (headerRow < 0) return [];
  const header = table[headerRow] ?? [];
  const [value, day] = [header.indexOf(VALUE_HEADER), header.indexOf(STICHTAG_HEADER)];
  return table.slice(headerRow + 1).map((cells, i) => {
    const [bodenrichtwert, stichtag] = [cells[value], cells[day]];
    return {
      row: headerRow + 1 + i,
      bodenrichtwert: typeof bodenrichtwert === 'number' ? bodenrichtwert : undefined,
      stichtag: typeof stichtag === 'string' && stichtag !== '' ? stichtag : undefined,
    };
  });
}

const published = (value: unknown) => value !== undefined && value !== '';

/** Header row and one row per zone; a field a zone does not publish is a blank cell. */
export function zoneTable(entries: readonly BodenrichtwertEntry[]): ZoneTableCell[][] {
  const zones = sortByLandUse(entries);
  const extra = OTHER_COLUMNS.filter(({ key }) => zones.some((zone) => published(zone[key])));
  const columns: readonly EntryColumn[] = [...FIXED_COLUMNS, ...extra];
  return [
    columns.map(({ header }) => header),
    ...zones.map((zone) =>
      columns.map(({ key }) => {
        const value = zone[key];
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
