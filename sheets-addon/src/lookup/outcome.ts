// What became of one address of a BODENRICHTWERT call.
import type { AppError, BodenrichtwertResponse } from '../../../shared/src/index.js';

export type LookupOutcome =
  | { kind: 'found'; response: BodenrichtwertResponse }
  | { kind: 'failed'; error: AppError }
  /** Not asked within the time budget of one custom-function run. */
  | { kind: 'unfinished' };

/** Addresses that differ only in spacing or case are one lookup. */
export function normalizeAddress(address: string): string {
  return address.trim().replace(/\s+/g, ' ');
}

export function addressKey(address: string): string {
  return normalizeAddress(address).toLowerCase();
}
