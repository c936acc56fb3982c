// What an adapter hands to the pipeline: the published values of one zone record
// as text, keyed by the field of §2.1 they feed. Adapters only locate values;
// parsing numbers, dates and land-use codes is the mapper's job, the same for
// every protocol.
import type { ZoneOutline } from '../geo/zoneOutline.js';

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
  'entwicklungszustand',
  'beitragszustand',
  'verfahrensgrund',
  'verfahrensgrund_zusatz',
  'ackerzahl',
  'gruenlandzahl',
  'gemarkung',
  'bemerkung',
  'flaeche_m2',
  'tiefe_m',
] as const;

export type SourceField = (typeof SOURCE_FIELDS)[number];

/**
 * Trimmed, non-empty published texts; a field the source leaves empty is absent.
 * `outline`: the zone's geometry, where the adapter's protocol returns one.
 */
export type SourceRecord = Partial<Record<SourceField, string>> & { outline?: ZoneOutline };
