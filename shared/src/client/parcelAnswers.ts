// The parcel functions' answers: the request of GET /api/flurstueck for one
// cell's arguments, the key the add-ins keep its answer under, and the record
// kept for good in the workbook (Excel: its custom XML part; Sheets: the
// document properties) like a lookup's (storedAnswers.ts): a found parcel or
// an answer about the target itself (not found, 451), never a failure of the
// moment. The use filter is applied in the cell (parcelCells.ts), so one
// answer serves every use; a GFZ is asked of the service and is part of the key.
import { AppError, type ErrorCode } from '../errors.js';
import type { FlurstueckResponse } from '../parcelTypes.js';
import { PARCEL_DISCLAIMER } from '../texts.js';
import { keptError, type KeptError } from './answerRecords.js';
import { addressKey } from './lookupOutcome.js';
import { parcelTargetQuery } from './parcelTarget.js';
import { isAttribution, isObject } from './responseShape.js';

export const FLURSTUECK_PATH = '/api/flurstueck';

export interface ParcelRequest {
  /** An address or a Flurstückskennzeichen, as in the cell. */
  target: string;
  /** YYYY-MM-DD; absent: the current values. */
  stichtag?: string | undefined;
  gfz?: number | undefined;
}

/** The query string parameters of the request. */
export function parcelQuery({ target, stichtag, gfz }: ParcelRequest): Record<string, string> {
  return {
    ...parcelTargetQuery(target),
    ...(stichtag === undefined ? {} : { stichtag }),
    ...(gfz === undefined ? {} : { gfz: String(gfz) }),
  };
}

/** Spelling and spacing of an address do not make another parcel. */
export function parcelAnswerKey(request: ParcelRequest): string {
  const query = parcelQuery(request);
  const target = 'address' in query ? addressKey(query.address) : query.kennzeichen;
  return `flurstueck|${target}|${request.stichtag ?? ''}|${request.gfz ?? ''}`;
}

export type ParcelOutcome =
  { kind: 'found'; response: FlurstueckResponse } | { kind: 'failed'; error: AppError };

export type StoredParcelResponse = Omit<
  FlurstueckResponse,
  'disclaimer' | 'cache_hit' | 'cache_stale'
>;

export interface StoredParcel {
  found?: StoredParcelResponse;
  error?: KeptError;
}

export function isFlurstueckResponse(value: unknown): value is FlurstueckResponse {
  return (
    isObject(value) &&
    isObject(value['flurstueck']) &&
    typeof value['flurstueck']['kennzeichen'] === 'string' &&
    Array.isArray(value['zonen']) &&
    Array.isArray(value['bodenwert']) &&
    isAttribution(value['attribution']) &&
    typeof value['disclaimer'] === 'string'
  );
}

/** The record to keep, or undefined for a failure of the moment. */
export function toStoredParcel(outcome: ParcelOutcome): StoredParcel | undefined {
  if (outcome.kind === 'found') {
    const { disclaimer: _d, cache_hit: _h, cache_stale: _s, ...found } = outcome.response;
    return { found };
  }
  const error = keptError(outcome.error);
  return error === undefined ? undefined : { error };
}

/** The outcome a kept record stands for; undefined when garbled. */
export function fromStoredParcel(record: unknown): ParcelOutcome | undefined {
  if (!isObject(record)) return undefined;
  const found = isObject(record['found'])
    ? { ...record['found'], disclaimer: PARCEL_DISCLAIMER, cache_hit: true }
    : undefined;
  if (isFlurstueckResponse(found)) return { kind: 'found', response: found };
  const error = record['error'];
  if (!isObject(error) || typeof error['code'] !== 'string' || typeof error['message'] !== 'string')
    return undefined;
  const kept = new AppError(error['code'] as ErrorCode, error['message']);
  return keptError(kept) === undefined ? undefined : { kind: 'failed', error: kept };
}
