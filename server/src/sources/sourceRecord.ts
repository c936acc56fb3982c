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

/** A procedure area (BB, HE: BR_Verfahren) at the zone's point: its published texts. */
export interface ProcedureAreaRecord {
  /** The area feature's gml:id, so a log names it. */
  id?: string;
  verfahrensgrund?: string;
  verfahrensgrund_zusatz?: string;
}

/**
 * Trimmed, non-empty published texts; a field the source leaves empty is absent.
 * `outline`: the zone's geometry, where the adapter's protocol returns one.
 * `procedureAreas`: the procedure areas found at the same point, which the
 * mapper reads into the zone's Verfahrensgrund where the zone publishes none.
 */
export type SourceRecord = Partial<Record<SourceField, string>> & {
  outline?: ZoneOutline;
  procedureAreas?: readonly ProcedureAreaRecord[];
};
