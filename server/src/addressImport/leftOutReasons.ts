// Why the import leaves a row out, and how the operator reads it: the
// summary, the refusal message and `addresses:status` name each reason in
// German words, never by its code.
import type { MalformedReason } from './formats/houseRow.js';

/** The reader's reasons, and what the import itself leaves out. */
export type LeftOutReason =
  MalformedReason | 'quality_c' | 'other_state' | 'outside_state' | 'repeat';

const NAMES: Readonly<Record<LeftOutReason, string>> = {
  quality_c: 'Qualität C (geschätzt)',
  repeat: 'Wiederholung einer früheren Zeile',
  other_state: 'anderes Land',
  outside_state: 'außerhalb des Landes',
  house_number: 'Hausnummer unlesbar',
  street: 'ohne Straße',
  field_count: 'falsche Spaltenzahl',
  coordinates: 'Koordinaten unlesbar',
  encoding: 'falsche Zeichenkodierung',
};

/** Left out because the data says so, not because the row is broken. */
export const NOT_MALFORMED: readonly LeftOutReason[] = ['quality_c', 'repeat'];

/** The German name of a reason; a code this version does not know (an older record) as it is. */
export function leftOutName(reason: string): string {
  return (NAMES as Readonly<Record<string, string>>)[reason] ?? reason;
}
