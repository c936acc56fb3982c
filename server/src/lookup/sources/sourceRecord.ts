// What an adapter hands to the pipeline: the published values of one zone record
// as text, keyed by the field of §2.1 they feed. Adapters only locate values;
// parsing numbers, dates and land-use codes is the mapper's job, the same for
// every protocol.

export const SOURCE_FIELDS = [
  'brw',
  'stichtag',
  'nutzung',
  'ergaenzung',
  'gemeinde',
  'gutachterausschuss',
  'bodenrichtwertnummer',
  'zonenbezeichnung',
  'bauweise',
  'geschossflaechenzahl',
  'grundflaechenzahl',
  'vollgeschosszahl',
  'baumassenzahl',
  'wertrel_geschossflaechenzahl',
] as const;

export type SourceField = (typeof SOURCE_FIELDS)[number];

/** Trimmed, non-empty published texts; a field the source leaves empty is absent. */
export type SourceRecord = Partial<Record<SourceField, string>>;

export interface LatLon {
  lat: number;
  lon: number;
}
