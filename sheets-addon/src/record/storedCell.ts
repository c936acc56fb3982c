// One answer a formula showed, as the spreadsheet keeps it: for a row of
// BODENRICHTWERT and for BODENWERT_FLURSTUECK the value, for
// BODENRICHTWERT_ZONEN and BODENRICHTWERT_FLURSTUECK the table (or for any of
// them the message of a definite error), with the facts the note of "Werte
// fixieren" names. Short field names: 1,000 rows must fit the document properties.
import { isObject, type GeocodingWarning } from '#shared/index.js';

export type TableCell = string | number;

export interface StoredCell {
  /** The value the cell shows (BODENRICHTWERT; BODENWERT_FLURSTUECK: the land value in EUR). */
  v?: string | number;
  /** The message of a definite error the cell shows (address not found, no data, …). */
  e?: string;
  /**
   * The table the cell spills: every zone, header row first (BODENRICHTWERT_ZONEN);
   * the parcel under its header, then its zones under theirs (BODENRICHTWERT_FLURSTUECK).
   */
  t?: TableCell[][];
  /**
   * The land value (EUR/m²) of the zone the value comes from (BODENWERT_FLURSTUECK:
   * of its use's zones on the parcel); absent where zones differ in it.
   */
  b?: number;
  /** The stichtag (YYYY-MM-DD) of that zone (or those zones); absent where zones differ in it. */
  s?: string;
  /** BODENWERT_FLURSTUECK with a GFZ: the GFZ the value is converted to, for the note. */
  g?: number;
  /** When the service fetched it from the state's service (YYYY-MM-DD). */
  a?: string;
  /** The key of its source (attribution) in the record. */
  q?: string;
  /** "Aktualisieren" asked for a new answer: shown until the service gives one. */
  r?: 1;
  /** The answer's geocoding warnings, for the note (absent: none). */
  w?: GeocodingWarning[];
  /** What the source could not be asked for (the answer's hinweise), for the note (absent: none). */
  h?: string[];
}

const isTableCell = (value: unknown): value is TableCell =>
  typeof value === 'string' || typeof value === 'number';

/** The stored cell a property value holds; undefined when it is garbled. */
export function parseStoredCell(text: string | undefined): StoredCell | undefined {
  if (text === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isObject(parsed)) return undefined;
  const { v, e, t } = parsed;
  const shown =
    isTableCell(v) ||
    typeof e === 'string' ||
    (Array.isArray(t) && t.every((row) => Array.isArray(row) && row.every(isTableCell)));
  return shown ? (parsed as StoredCell) : undefined;
}
