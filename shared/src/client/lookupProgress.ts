// How far the lookups of a recalculation have got, as the Excel task pane and
// the Sheets sidebar show it ("137 von 400 Adressen, 3 Fehler").
import { isObject } from './responseShape.js';

export interface LookupProgress {
  /** Distinct addresses of the run. */
  total: number;
  /** Addresses answered so far, failures included. */
  done: number;
  /** Addresses whose answer is an error. */
  failed: number;
  /** Addresses the service is still working on (answered as pending); absent: none. */
  pending?: number;
}

export function progressText({ total, done, failed, pending = 0 }: LookupProgress): string {
  const counted = `${done} von ${total} ${total === 1 ? 'Adresse' : 'Adressen'}`;
  const parts = [counted];
  if (failed > 0) parts.push(`${failed} Fehler`);
  if (pending > 0) parts.push(`${pending} werden geladen`);
  return parts.join(', ');
}

export function isLookupProgress(value: unknown): value is LookupProgress {
  return (
    isObject(value) && ['total', 'done', 'failed'].every((field) => Number.isInteger(value[field]))
  );
}

/** The dashboard pages where a user gets a key (login first, or sign up). */
export function keyPageLinks(serviceUrl: string): { keys: string; signup: string } {
  return { keys: `${serviceUrl}/dashboard/keys`, signup: `${serviceUrl}/signup` };
}
