// Every zone at an address as a table (BRW.ZONEN in Excel, BODENRICHTWERT_ZONEN
// in Sheets): a header row, then one row per zone in canonical order. The
// columns come from the field table (entryFields.ts), in the order pages
// show them: the fixed columns a valuer needs to tell zones apart, then every
// further field a state publishes. A field added to the table appears here
// without any change to the functions.
import type { BodenrichtwertEntry } from '../apiTypes.js';
import { DISPLAY_COLUMNS, type EntryColumn } from '../entryFields.js';
import { sortByLandUse } from '../landUse.js';

/** Always shown, in this order. */
const FIXED_COLUMNS = DISPLAY_COLUMNS.filter(({ field }) => field.always);

const OTHER_COLUMNS = DISPLAY_COLUMNS.filter(({ field }) => !field.always);

/** Headers of every other field of an entry, shown when at least one zone at the address publishes it. */
export const PUBLISHED_COLUMNS: Readonly<Record<string, string>> = Object.fromEntries(
  OTHER_COLUMNS.map(({ key, header }) => [key, header]),
);

export type ZoneTableCell = string | number;

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
