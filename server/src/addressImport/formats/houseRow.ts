// What a reader of a state's house-coordinate file hands to the import: one
// published address point as text, with its coordinates in the file's own
// reference system. Readers only locate values; the import checks quality,
// state, bounds and converts to WGS84, the same for every format.
import type { Crs } from '../../geo/crs.js';
import type { FormatName } from '../../geocoding/officialPoints/addressSources.js';

export interface HouseRow {
  /** 1-based line of the row in its file (record number for shapefile and GML). */
  line: number;
  /** Object id (`oid`), when the format carries one. */
  oid?: string;
  /** `qua` as published: A (in the building), B (on the parcel), C (estimated); '' when absent. */
  quality: string;
  /** `landschl`, the two-digit state key (05 = NW), when the format carries one. */
  stateKey?: string;
  /** Municipality name (`gmd`); '' when the format carries none (GEBREF before 2022). */
  municipality: string;
  /** Municipality key (`landschl`+`regbezschl`+`kreisschl`+`gmdschl`, 8 digits), when published. */
  municipalityKey?: string;
  /** Locality (`ott`), when published. */
  locality?: string;
  street: string;
  /** `hnr` as published (digits). */
  number: string;
  /** `adz` as published; '' when none. */
  suffix: string;
  postcode?: string;
  /** `postonm`, the postal place name, when published. */
  postalPlace?: string;
  /** Easting/northing in metres, or lon/lat in degrees for EPSG:4326. */
  x: number;
  y: number;
  crs: Crs;
  /** `datum` (YYYY-MM-DD) when the row carries one. */
  date?: string;
}

export const MALFORMED_REASONS = [
  'field_count',
  'coordinates',
  'house_number',
  'street',
  'encoding',
] as const;
export type MalformedReason = (typeof MALFORMED_REASONS)[number];

export interface MalformedRow {
  line: number;
  reason: MalformedReason;
  /** A short German explanation for the operator (never the whole line). */
  detail: string;
}

/** Rows come in batches: one promise per batch, not per row (4.5 million rows). */
export interface ReadBatch {
  rows: HouseRow[];
  malformed: MalformedRow[];
}

export interface HouseFile {
  /** The dialect read (detected, or the one asked for). */
  format: FormatName;
  encoding: 'utf-8' | 'latin1';
  /** The file or zip entry the rows come from. */
  entryName: string;
  batches: AsyncIterable<ReadBatch>;
}

export interface ReadOptions {
  /** Overrides detection (`--format`). */
  format?: FormatName;
  /** The state's published CRS, for formats without a `zone` column. */
  defaultCrs: Crs;
}
