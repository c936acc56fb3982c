// The JSON text of a lookup answer (§2.2), byte for byte JSON.stringify of
// buildLookupResponse's object, with the values' part written once per entry
// set: a repeated lookup is served from the same held entries (brwStore.ts),
// and writing their wire form and its text was most of building the answer.
// What the part depends on is its key: the entry set itself (a renewal or a
// new read from the table is another array, so an old text is never reached
// again), the filter and the source (its viewer link). Everything else (the
// address as typed, the place, the day's aktualitaet, the retrieval time,
// stale or not) is written for each answer.
import type { LandUseCode } from '#shared/landUse.js';
import { boundedLru } from '../memory/boundedLru.js';
import type { LookupResult } from './lookupService.js';
import { lookupAnswerParts, selectedValues, type SelectedValues } from './responseBody.js';

/** Filters remembered per entry set: enough for any client's habits, bounded against odd ones. */
const FILTERS_PER_ENTRY_SET = 8;
/**
 * Entry sets whose text is remembered, the most recently answered: a repeated
 * lookup finds its text, and lookups of ever new addresses (a workbook, a
 * portfolio) do not add a text to each of the hot cache's 10,000 entry sets
 * (in `npm run bench` (f) that was 20 MB of peak RSS).
 */
const ENTRY_SETS_WRITTEN = 1_000;

interface WrittenValues extends SelectedValues {
  source: LookupResult['source'];
  /** JSON of `bodenrichtwerte`. */
  text: string;
}

export type AnswerText = (
  addressInput: string,
  result: LookupResult,
  filter: readonly LandUseCode[],
) => string;

/** A writer of answers with its own memory of the values' text (one per lookup service). */
export function answerTextWriter(): AnswerText {
  const written = boundedLru<LookupResult['entries'], Map<string, WrittenValues>>(
    ENTRY_SETS_WRITTEN,
  );

  function valuesOf(result: LookupResult, filter: readonly LandUseCode[]): WrittenValues {
    const key = filter.join(',');
    let byFilter = written.get(result.entries);
    const known = byFilter?.get(key);
    if (known?.source === result.source) return known;
    const values = selectedValues(result, filter);
    const fresh = {
      ...values,
      source: result.source,
      text: JSON.stringify(values.bodenrichtwerte),
    };
    if (!byFilter) written.set(result.entries, (byFilter = new Map()));
    if (byFilter.size < FILTERS_PER_ENTRY_SET || byFilter.has(key)) byFilter.set(key, fresh);
    return fresh;
  }

  return (addressInput, result, filter) => {
    const values = valuesOf(result, filter);
    const { head, tail } = lookupAnswerParts(addressInput, result, values);
    // Both are objects with members, so their text is `{…}`: the values go between.
    const headText = JSON.stringify(head);
    const tailText = JSON.stringify(tail);
    return `${headText.slice(0, -1)},"bodenrichtwerte":${values.text},${tailText.slice(1)}`;
  };
}
