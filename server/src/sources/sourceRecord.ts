// What an adapter hands to the pipeline: the published values of one zone record
// as text, keyed by the field of §2.1 they feed. Adapters only locate values;
// parsing numbers, dates and land-use codes is the mapper's job, the same for
// every protocol.
import { RECORD_FIELDS } from '#shared/entryFields.js';
import type { ZoneOutline } from '../geo/zoneOutline.js';
import type { UncheckedFact } from './uncheckedFacts.js';

/**
 * The published value, date and land use (with its Ergänzung), which the
 * mapper reads into the entry's first fields, then every field the table
 * reads from a record of the same name.
 */
export const SOURCE_FIELDS = [
  'brw',
  'stichtag',
  'nutzung',
  'ergaenzung',
  ...RECORD_FIELDS,
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
 * `unchecked`: the optional facts the service could not be asked for
 * (uncheckedFacts.ts); the zone's own values are complete.
 */
export type SourceRecord = Partial<Record<SourceField, string>> & {
  outline?: ZoneOutline;
  procedureAreas?: readonly ProcedureAreaRecord[];
  unchecked?: readonly UncheckedFact[];
};
