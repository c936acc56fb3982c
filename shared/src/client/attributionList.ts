// The attributions of every source whose values a workbook shows (dl-de/by-2-0
// requires naming them next to the data, and a cell holds only the value).
// Both add-ins keep this list with the document and show it in their panes.
import type { Attribution } from '../apiTypes.js';
import { isAttribution } from './responseShape.js';

/** Far more than the sources one workbook draws on; bounds the stored text. */
export const MAX_ATTRIBUTIONS = 50;

/** `added` first (newest first), then the known ones, each text once. */
export function mergeAttributions(
  known: readonly Attribution[],
  added: readonly Attribution[],
  max = MAX_ATTRIBUTIONS,
): Attribution[] {
  const merged: Attribution[] = [];
  for (const attribution of [...added, ...known]) {
    if (!merged.some((kept) => kept.text === attribution.text)) merged.push(attribution);
  }
  return merged.slice(0, max);
}

export function parseAttributions(text: string | null | undefined): Attribution[] {
  if (text === null || text === undefined) return [];
  try {
    const parsed = JSON.parse(text) as unknown;
    return Array.isArray(parsed) ? parsed.filter(isAttribution) : [];
  } catch {
    return [];
  }
}

/** JSON of the newest attributions that fit `maxChars` (Apps Script: 9 KB per property). */
export function serializeAttributions(list: readonly Attribution[], maxChars: number): string {
  for (let count = list.length; count > 0; count--) {
    const text = JSON.stringify(list.slice(0, count));
    if (text.length <= maxChars) return text;
  }
  return '[]';
}
