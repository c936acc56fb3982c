// The attributions of the most recent lookups, kept for the sidebar: the
// licence (dl-de/by-2-0) requires the data owners to be named visibly, and a
// cell can only hold the value. Custom functions may write the document cache,
// so they record here what the sidebar shows.
import type { Attribution } from '../../shared/src/index.js';
import type { KeyValueCache } from './ports.js';

const KEY = 'brw:attributions';
const KEPT = 5;
/** As long as the lookups themselves stay cached. */
const TTL_SECONDS = 6 * 60 * 60;

export function readAttributions(cache: KeyValueCache | null): Attribution[] {
  const text = cache?.getAll([KEY])[KEY];
  if (text === undefined) return [];
  try {
    const parsed = JSON.parse(text) as unknown;
    return Array.isArray(parsed) ? (parsed as Attribution[]) : [];
  } catch {
    return [];
  }
}

/** Puts the given attributions first, without repeating a text. */
export function recordAttributions(
  cache: KeyValueCache | null,
  attributions: readonly Attribution[],
): void {
  if (cache === null || attributions.length === 0) return;
  const merged: Attribution[] = [];
  for (const attribution of [...attributions, ...readAttributions(cache)]) {
    if (!merged.some((kept) => kept.text === attribution.text)) merged.push(attribution);
  }
  cache.putAll({ [KEY]: JSON.stringify(merged.slice(0, KEPT)) }, TTL_SECONDS);
}
