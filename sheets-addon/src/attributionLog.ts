// The attributions of every source whose values the spreadsheet received,
// kept in its document properties for the sidebar: the licence (dl-de/by-2-0)
// requires the data owners to be named visibly, and a cell can only hold the
// value. Custom functions may write document properties.
import {
  ATTRIBUTIONS_KEY,
  parseAttributions,
  serializeAttributions,
  withNewAttributions,
  type Attribution,
} from '#shared/index.js';
import type { SettingsStore } from './ports.js';

export function readAttributions(properties: SettingsStore): Attribution[] {
  return parseAttributions(properties.get(ATTRIBUTIONS_KEY));
}

/** Puts sources not listed yet first; writes only when the list changes. */
export function recordAttributions(
  properties: SettingsStore,
  attributions: readonly Attribution[],
): void {
  const updated = withNewAttributions(readAttributions(properties), attributions);
  if (updated !== undefined) properties.set(ATTRIBUTIONS_KEY, serializeAttributions(updated));
}
