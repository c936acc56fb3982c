// What a dated lookup (a stichtag asked) changes in the pipeline: its own
// cache entry, a longer freshness once the date is settled, and a no_data
// message that names how far back the state's source reaches.
import type { ConfiguredSource } from '../sourceDefinition.js';
import { parsePublishedDate } from '../mapping/publishedValues.js';
import type { SourceRecord } from '../sourceRecord.js';

const DAY_MS = 24 * 3600 * 1000;

/**
 * A date this many days in the past is settled: every stichtag on or before
 * it has been published (committees publish within months), and published
 * values are not revised. Its cache entry then stays fresh for a year.
 */
const SETTLED_AFTER_DAYS = 2 * 365;
const SETTLED_FRESH_MS = 365 * DAY_MS;
const SETTLED_MAX_AGE_MS = 2 * 365 * DAY_MS;

export interface Freshness {
  freshMs: number;
  maxAgeMs: number;
}

/** The cache key of the values at a point, on a date when one is asked. */
export function datedKey(coordinateKey: string, stichtag: string | undefined): string {
  return stichtag === undefined ? coordinateKey : `${coordinateKey}@${stichtag}`;
}

/** The freshness of a dated entry, or undefined when the usual rules apply. */
export function settledFreshness(stichtag: string, today: string): Freshness | undefined {
  const age = Date.parse(`${today}T00:00:00Z`) - Date.parse(`${stichtag}T00:00:00Z`);
  return age >= SETTLED_AFTER_DAYS * DAY_MS
    ? { freshMs: SETTLED_FRESH_MS, maxAgeMs: SETTLED_MAX_AGE_MS }
    : undefined;
}

/** " Die amtliche Quelle … bietet Bodenrichtwerte ab …", or '' when unknown. */
export function earliestStichtag(source: Pick<ConfiguredSource, 'name' | 'history'>): string {
  const history = source.history;
  if (history === undefined) return '';
  if (history.kind === 'none') {
    return ` Die amtliche Quelle für ${source.name} bietet nur die aktuellen Bodenrichtwerte.`;
  }
  return history.since === undefined
    ? ''
    : ` Die amtliche Quelle für ${source.name} bietet Bodenrichtwerte ab dem Jahr ${history.since}.`;
}

/** True when the date lies before the first year the source offers. */
export function isBeforeHistory(
  stichtag: string | undefined,
  source: Pick<ConfiguredSource, 'history'>,
): boolean {
  const since = source.history?.since;
  return stichtag !== undefined && since !== undefined && Number(stichtag.slice(0, 4)) < since;
}

// The German writing of a day lives with the add-ins' helpers, which show it too.
export { germanDate } from '#shared/stichtag.js';

/**
 * Whether a year's answer holds a value in force on `at`: no zone at all
 * (nothing older would be found either), or a record whose published
 * stichtag is on or before it (one that cannot be read counts, so the mapper
 * reports it). A year's service whose records all lie after the date (2020's
 * with 2020-12-31, asked for June 2020) sends the search a year further back.
 */
export function holdsValueOn(at: string) {
  return (records: readonly Pick<SourceRecord, 'stichtag'>[]): boolean =>
    records.length === 0 ||
    records.some((record) => {
      const stichtag = parsePublishedDate(record.stichtag);
      return stichtag === undefined || stichtag <= at;
    });
}
