// The attributions of every source whose values a workbook shows (dl-de/by-2-0
// requires naming them next to the data, and a cell holds only the value).
// Both add-ins keep this list with the document and show it in their panes.
import type { Attribution } from '../apiTypes.js';
import { utf8Length } from '../utf8.js';
import { isAttribution } from './responseShape.js';

/** Far more than the sources one workbook draws on; bounds the stored text. */
export const MAX_ATTRIBUTIONS = 50;

/** The document setting (Excel) or property (Sheets) that holds the list. */
export const ATTRIBUTIONS_KEY = 'brw.attributions';

/** Apps Script allows 9 KB (of UTF-8) per property value; Excel keeps the same bound. */
export const MAX_ATTRIBUTION_BYTES = 8000;

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

/** JSON of the newest attributions that fit `maxBytes` of UTF-8. */
export function serializeAttributions(
  list: readonly Attribution[],
  maxBytes = MAX_ATTRIBUTION_BYTES,
): string {
  for (let count = list.length; count > 0; count--) {
    const text = JSON.stringify(list.slice(0, count));
    if (utf8Length(text) <= maxBytes) return text;
  }
  return '[]';
}

/**
 * The list after a lookup: sources not listed yet go first. Undefined when
 * every source is listed already, so a recalculation writes nothing.
 */
export function withNewAttributions(
  known: readonly Attribution[],
  seen: readonly Attribution[],
): Attribution[] | undefined {
  const added = seen.filter((a) => !known.some((kept) => kept.text === a.text));
  return added.length === 0 ? undefined : mergeAttributions(known, added);
}
