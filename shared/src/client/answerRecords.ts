// Lookup outcomes as the add-ins persist them (Excel: OfficeRuntime.storage,
// Sheets: the document cache), so a reopened workbook or a recalculation asks
// the service nothing for addresses it already has. Only answers about the
// address itself are kept; failures of the moment (5xx, 401/402/429, network) never.
import type { BodenrichtwertResponse } from '../apiTypes.js';
import { AppError, type ErrorCode, type ErrorDetails } from '../errors.js';
import { DEFINITE_ERRORS, type LookupOutcome } from './lookupOutcome.js';
import { isBodenrichtwertResponse, isObject } from './responseShape.js';

/** The server's fresh-cache window (CACHE_FRESH_SECONDS default): found values never outlive it. */
export const FOUND_ANSWER_TTL_MS = 24 * 60 * 60 * 1000;
/** Stale server answers and definite misses are asked again sooner. */
export const SHORT_ANSWER_TTL_MS = 60 * 60 * 1000;

/** An answer about the address that was an error (not found, no data, 451), as records keep it. */
export interface KeptError {
  code: ErrorCode;
  message: string;
  details?: ErrorDetails;
}

export interface AnswerRecord {
  /** Clock time after which the record is ignored. */
  expiresAt: number;
  found?: BodenrichtwertResponse;
  error?: KeptError;
}

/** The error to keep, or undefined for a failure of the moment (never kept). */
export function keptError(error: AppError): KeptError | undefined {
  if (!DEFINITE_ERRORS.has(error.code)) return undefined;
  const { code, message, details } = error;
  return details === undefined ? { code, message } : { code, message, details };
}

/** The failed outcome a kept error stands for; undefined when garbled or not an answer about the address. */
export function failedOutcome(error: unknown): LookupOutcome | undefined {
  if (!isObject(error) || typeof error['code'] !== 'string' || typeof error['message'] !== 'string')
    return undefined;
  const code = error['code'] as ErrorCode;
  if (!DEFINITE_ERRORS.has(code)) return undefined;
  const details = isObject(error['details']) ? (error['details'] as ErrorDetails) : undefined;
  return {
    kind: 'failed',
    error: new AppError(code, error['message'], details ? { details } : {}),
  };
}

/** The record to keep for an outcome, or undefined when it must not be kept. */
export function toAnswerRecord(outcome: LookupOutcome, nowMs: number): AnswerRecord | undefined {
  if (outcome.kind === 'found') {
    const ttl = outcome.response.cache_stale === true ? SHORT_ANSWER_TTL_MS : FOUND_ANSWER_TTL_MS;
    return { expiresAt: nowMs + ttl, found: outcome.response };
  }
  const error = keptError(outcome.error);
  return error === undefined ? undefined : { expiresAt: nowMs + SHORT_ANSWER_TTL_MS, error };
}

/** The outcome a stored record stands for; undefined when expired or garbled. */
export function fromAnswerRecord(record: unknown, nowMs: number): LookupOutcome | undefined {
  if (!isObject(record) || typeof record['expiresAt'] !== 'number') return undefined;
  if (record['expiresAt'] <= nowMs) return undefined;
  if (isBodenrichtwertResponse(record['found']))
    return { kind: 'found', response: record['found'] };
  return failedOutcome(record['error']);
}
