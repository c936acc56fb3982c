// States the service must not answer for (§1): their land values may not be
// redistributed. Checked before any source is asked.
export const RESTRICTED_STATES = ['DE-SH', 'DE-SN', 'DE-BY'] as const;

export function isRestrictedState(state: string): boolean {
  return (RESTRICTED_STATES as readonly string[]).includes(state);
}
