// The positional dialects: files without a header line, read by the place of
// each field. They are all HK-DE 5.2 order (or a prefix of it), except NW's
// GEBREF before 2022, which has an order of its own.
import { columnsByName, type ColumnMap } from './columns.js';
import type { FormatName } from '../../geocoding/officialPoints/addressSources.js';

/** HK-DE 5.2 field order (format description of 2025-05-02). */
export const HK_DE_FIELDS = [
  'nba',
  'oid',
  'qua',
  'landschl',
  'land',
  'regbezschl',
  'regbez',
  'kreisschl',
  'kreis',
  'gmdschl',
  'gmd',
  'ottschl',
  'ott',
  'strschl',
  'str',
  'hnr',
  'adz',
  'zone',
  'ostwert',
  'nordwert',
  'postplz',
  'postonm',
  'postonmzus',
  'postott',
] as const;

/** NW GEBREF until 2022: no names, no zone column; the easting carries the zone. */
const GEBREF_2022_FIELDS = [
  'nba',
  'oid',
  'qua',
  'landschl',
  'regbezschl',
  'kreisschl',
  'gmdschl',
  'ottschl',
  'strschl',
  'hnr',
  'adz',
  'ostwert',
  'nordwert',
  'str',
  'datum',
] as const;

export type PositionalFormat = 'hk24' | 'hk20' | 'gebref' | 'gebref-2022';

export const POSITIONAL_FIELDS: Readonly<Record<PositionalFormat, readonly string[]>> = {
  // SN, SH, TH, BE
  hk24: HK_DE_FIELDS,
  // ST (Gebäudereferenzen), RP without its header
  hk20: HK_DE_FIELDS.slice(0, 20),
  // NW current: HK-DE without the postal columns, plus the date
  gebref: [...HK_DE_FIELDS.slice(0, 20), 'datum'],
  'gebref-2022': GEBREF_2022_FIELDS,
};

/** What the row builder needs to know of a record's layout. */
export interface RowLayout {
  columns: ColumnMap;
  /** Fields a record must have; -1 when records come as exact arrays (shapefile, GML). */
  fieldCount: number;
}

/** A text file's dialect: its row layout and how its lines split into fields. */
export interface TextLayout extends RowLayout {
  format: Exclude<FormatName, 'shapefile' | 'gml'>;
  separator: string;
  /** Fields may be quoted (HE): read with csv-parse; else lines are split directly. */
  quoted: boolean;
  /** The first non-empty line names the columns and is no address. */
  hasHeader: boolean;
}

export function positionalLayout(format: PositionalFormat): RowLayout {
  const names = POSITIONAL_FIELDS[format];
  return { columns: columnsByName(names), fieldCount: names.length };
}

export function formatOfFieldCount(count: number): PositionalFormat | undefined {
  const formats = Object.keys(POSITIONAL_FIELDS) as PositionalFormat[];
  return formats.find((format) => POSITIONAL_FIELDS[format].length === count);
}
