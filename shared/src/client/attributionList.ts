// The attributions of every source whose values a workbook shows (dl-de/by-2-0
// requires naming them next to the data, and a cell holds only the value).
// Both add-ins keep this list with the document and show it in their panes,
// each source with the currency line of its latest answer.
import type { Attribution } from '../apiTypes.js';
import { utf8Length } from '../utf8.js';
import { isAttribution } from './responseShape.js';

/** A listed source: its attribution and how current its latest answer was (currencyLine.ts). */
export type ListedAttribution = Attribution & { aktualitaet?: string };

/** Far more than the sources one workbook draws on; bounds the stored text. */
export const MAX_ATTRIBUTIONS = 50;

/** The document setting (Excel) or property (Sheets) that holds the list. */
export const ATTRIBUTIONS_KEY = 'brw.attributions';

/** Apps Script allows 9 KB (of UTF-8) per property value; Excel keeps the same bound. */
export const MAX_ATTRIBUTION_BYTES = 8000;

/** `added` first (newest first), then the known ones, each text once. */
export function mergeAttributions(
  known: readonly ListedAttribution[],
  added: readonly ListedAttribution[],
  max = MAX_ATTRIBUTIONS,
): ListedAttribution[] {
  const merged: ListedAttribution[] = [];
  for (const attribution of [...added, ...known]) {
    if (!merged.some((kept) => kept.text === attribution.text)) merged.push(attribution);
  }
  return merged.slice(0, max);
}

export function parseAttributions(text: string | null | undefined): ListedAttribution[] {
  if (text === null || text === undefined) return [];
  try {
    const parsed = JSON.parse(text) as unknown;
    return Array.isArray(parsed) ? parsed.filter(isListedAttribution) : [];
  } catch {
    return [];
  }
}

function isListedAttribution(value: unknown): value is ListedAttribution {
  if (!isAttribution(value)) return false;
  const line: unknown = (value as ListedAttribution).aktualitaet;
  return line === undefined || typeof line === 'string';
}

/** JSON of the newest attributions that fit `maxBytes` of UTF-8. */
export function serializeAttributions(
  list: readonly ListedAttribution[],
  maxBytes = MAX_ATTRIBUTION_BYTES,
): string {
  for (let count = list.length; count > 0; count--) {
    const text = JSON.stringify(list.slice(0, count));
    if (utf8Length(text) <= maxBytes) return text;
  }
  return '[]';
}

/**
 * The list after a lookup: sources not listed yet, or whose currency line
 * changed, go first. Undefined when every source is listed as seen already,
 * so a recalculation writes nothing.
 */
export function withNewAttributions(
  known: readonly ListedAttribution[],
  seen: readonly ListedAttribution[],
): ListedAttribution[] | undefined {
  const added = seen.filter(
    (a) => !known.some((kept) => kept.text === a.text && kept.aktualitaet === a.aktualitaet),
  );
  return added.length === 0 ? undefined : mergeAttributions(known, added);
}
