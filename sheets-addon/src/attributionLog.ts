// The attributions of every source whose values the spreadsheet received,
// kept in its document properties for the sidebar: the licence (dl-de/by-2-0)
// requires the data owners to be named visibly, and a cell can only hold the
// value. Custom functions may write document properties.
import {
  mergeAttributions,
  parseAttributions,
  serializeAttributions,
  type Attribution,
} from '../../shared/src/index.js';
import type { SettingsStore } from './ports.js';

const KEY = 'brw.attributions';
/** Apps Script allows 9 KB per property value. */
const MAX_CHARS = 8000;

export function readAttributions(properties: SettingsStore): Attribution[] {
  return parseAttributions(properties.get(KEY));
}

/** Puts sources not listed yet first; writes only when the list changes. */
export function recordAttributions(
  properties: SettingsStore,
  attributions: readonly Attribution[],
): void {
  const known = readAttributions(properties);
  const added = attributions.filter((a) => !known.some((kept) => kept.text === a.text));
  if (added.length === 0) return;
  properties.set(KEY, serializeAttributions(mergeAttributions(known, added), MAX_CHARS));
}
