// Answers as a workbook keeps them for good (Excel: a custom XML part of the
// workbook), so the values a cell shows are the record of the document: they
// come back whenever the host runs a function again by itself (opening the
// workbook, a structural edit, a full recalculation), on any device, without a
// key and without asking the service. Unlike the expiring cache records of
// answerRecords.ts they never expire: only a changed formula or "Aktualisieren"
// replaces them. Answers about the address itself are kept (found, not found,
// no data, 451); failures of the moment never.
import type { BodenrichtwertResponse } from '../apiTypes.js';
import { LOOKUP_DISCLAIMER } from '../texts.js';
import { failedOutcome, keptError, type KeptError } from './answerRecords.js';
import type { LookupOutcome } from './lookupOutcome.js';
import { isBodenrichtwertResponse, isObject } from './responseShape.js';

/** The answer without what every answer repeats (the disclaimer) and what is about the request (cache flags). */
export type StoredResponse = Omit<
  BodenrichtwertResponse,
  'disclaimer' | 'cache_hit' | 'cache_stale'
>;

export interface StoredAnswer {
  found?: StoredResponse;
  error?: KeptError;
  /** The date asked for (YYYY-MM-DD); absent for the current values. */
  asOf?: string;
}

/** The record to keep for an outcome, or undefined when it must not be kept. */
export function toStoredAnswer(outcome: LookupOutcome, asOf?: string): StoredAnswer | undefined {
  const dated = asOf === undefined ? {} : { asOf };
  if (outcome.kind === 'found') {
    const { disclaimer: _d, cache_hit: _h, cache_stale: _s, ...found } = outcome.response;
    return { found, ...dated };
  }
  const error = keptError(outcome.error);
  return error === undefined ? undefined : { error, ...dated };
}

/** The outcome a stored record stands for; undefined when it is garbled. */
export function fromStoredAnswer(record: unknown): LookupOutcome | undefined {
  if (!isObject(record)) return undefined;
  const found = isObject(record['found'])
    ? { ...record['found'], disclaimer: LOOKUP_DISCLAIMER, cache_hit: true }
    : undefined;
  if (isBodenrichtwertResponse(found)) return { kind: 'found', response: found };
  return failedOutcome(record['error']);
}

const newestStichtag = (response: StoredResponse): string =>
  response.bodenrichtwerte.map((entry) => entry.stichtag).reduce((a, b) => (a > b ? a : b), '');

/**
 * The keys of kept current values that newer published values supersede.
 * The service says so in `hinweis` when the state's portal is ahead of its
 * machine service; otherwise the newest stichtag any kept answer of the same
 * source shows is the newest the workbook knows of (a colleague's newer lookup,
 * a row added later). Values asked at a date are what was asked for.
 */
export function outdatedAnswers(answers: ReadonlyMap<string, StoredAnswer>): Set<string> {
  const current = [...answers].flatMap(([key, answer]) =>
    answer.found !== undefined && answer.asOf === undefined ? [[key, answer.found] as const] : [],
  );
  const newest = new Map<string, string>();
  for (const [, found] of current) {
    const source = found.attribution.source_url;
    const day = newestStichtag(found);
    if (day > (newest.get(source) ?? '')) newest.set(source, day);
  }
  const outdated = new Set<string>();
  for (const [key, found] of current) {
    const behind = newestStichtag(found) < (newest.get(found.attribution.source_url) ?? '');
    if (behind || found.hinweis !== undefined) outdated.add(key);
  }
  return outdated;
}

/** The pane's notice about them ("12 Zellen: neuere Bodenrichtwerte veröffentlicht"). */
export function outdatedCellsText(cells: number): string {
  return `${cells} ${cells === 1 ? 'Zelle' : 'Zellen'}: neuere Bodenrichtwerte veröffentlicht`;
}
