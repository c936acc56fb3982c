// What a dataset of the zone-set route (`--dataset`) brings of its own: the
// tables its zones are stored in and the check of one published zone, bound
// to the registry record's field map (checked by the dataset's schema). The
// route, the download, the atomic switch and the update are every dataset's.
import type { FieldSource } from '../sources/fieldMap.js';
import type { NumberFormat } from '../sources/numberFormat.js';
import type { ZoneRow, ZoneTables } from '../zoneSets/zoneSetRepository.js';
import type { PublishedZone } from './zoneRoute.js';

export type ZoneVerdict =
  { kept: true; row: ZoneRow } | { kept: false; stichtag: string | undefined; reason: string };

/** The check of one dataset's zones, with the registry record's fields bound in. */
export interface ZoneChecker {
  /**
   * The required fields the zone's columns do not have at all (a file of
   * another layout), each as German name with its columns: "Stichtag (STAG)".
   */
  missing(zone: PublishedZone): string[];
  check(zone: PublishedZone): ZoneVerdict;
}

/** What a record gives its dataset's checker besides the fields. */
export interface CheckerSettings {
  numberFormat: NumberFormat;
  within?: { field: string; values: readonly string[] } | undefined;
}

export interface ZoneDataset {
  /** The registry's `dataset` and the commands' `--dataset`. */
  id: string;
  tables: ZoneTables;
  /** The checker of the record's fields, or what is wrong with them (English, for operators). */
  checker(
    fields: Readonly<Record<string, FieldSource>>,
    settings: CheckerSettings,
  ): ZoneChecker | { issues: { path: PropertyKey[]; message: string }[] };
}

/** The field's column names as the registry gives them, for a message. */
export function columnsOf(source: FieldSource): string {
  const specs = Array.isArray(source) ? source : [source];
  return specs.map((spec) => (typeof spec === 'string' ? spec : spec.path)).join(' oder ');
}

/** Whether the zone has a column for any of the source's paths. */
export function hasColumn(zone: PublishedZone, source: FieldSource): boolean {
  const specs = Array.isArray(source) ? source : [source];
  return specs.some(
    (spec) => zone.valueAt(typeof spec === 'string' ? spec : spec.path) !== undefined,
  );
}
