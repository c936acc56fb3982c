// What became of one address, and which outcomes a spreadsheet may keep.
import type { BodenrichtwertResponse } from '../apiTypes.js';
import { AppError, ErrorCode } from '../errors.js';

export type LookupOutcome =
  { kind: 'found'; response: BodenrichtwertResponse } | { kind: 'failed'; error: AppError };

/** Answers about the address itself: asking again gives the same answer, so they are kept. */
export const DEFINITE_ERRORS: ReadonlySet<ErrorCode> = new Set([
  ErrorCode.addressNotFound,
  ErrorCode.noData,
  ErrorCode.restrictedState,
  // The parcel functions': no parcel at the point or with the Kennzeichen.
  ErrorCode.parcelNotFound,
]);

/** After these answers every further request of the run would fail the same way. */
export const STOPPING_ERRORS: ReadonlySet<ErrorCode> = new Set([
  ErrorCode.missingToken,
  ErrorCode.invalidToken,
  ErrorCode.limitReached,
  ErrorCode.paymentPastDue,
]);

/** Shown in every cell while no key is stored; no request is sent. */
export function missingKeyError(): AppError {
  return new AppError(ErrorCode.missingToken, 'Kein API-Schlüssel hinterlegt.');
}

/** Addresses that differ only in spacing are one address; the first spelling is sent. */
export function normalizeAddress(address: string): string {
  return address.trim().replace(/\s+/g, ' ');
}

/** Case and spacing do not make a different address (the key of caches and de-duplication). */
export function addressKey(address: string): string {
  return normalizeAddress(address).toLowerCase();
}

/**
 * What lets a cell that shows this error fill in by itself: a key saved (no,
 * wrong or exhausted key), time (too many requests, the service down or
 * failing), or nothing (an answer about the address, or the user's input).
 */
export function healsWith(error: AppError): 'key' | 'time' | undefined {
  if (STOPPING_ERRORS.has(error.code)) return 'key';
  return error.status === 429 || error.status >= 500 ? 'time' : undefined;
}
