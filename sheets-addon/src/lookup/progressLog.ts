// The progress of the latest BODENRICHTWERT run, for the sidebar. A custom
// function cannot talk to the sidebar, so it leaves its figures in the
// document cache, where the sidebar's poll reads them. Written at the start,
// after each chunk (at most 100 addresses) and at the end: a column of 1,000
// addresses makes about fifteen writes, not one per row.
import { isLookupProgress, type LookupProgress } from '#shared/index.js';
import { underDocumentLock } from '../documentLock.js';
import type { AddonServices } from '../ports.js';

export const PROGRESS_KEY = 'brw:progress';
/** Long enough to read the result of a finished run; the cache forgets it after. */
const PROGRESS_TTL_SECONDS = 10 * 60;

/** Under the document lock; a figure skipped while another run holds it is made up by the next. */
export function writeProgress(
  services: Pick<AddonServices, 'cache' | 'lock'>,
  progress: LookupProgress,
): void {
  // No pending addresses: the field is absent, as the sidebar reads it.
  const { pending, ...settled } = progress;
  const written = pending === undefined || pending === 0 ? settled : progress;
  underDocumentLock(services, () => {
    services.cache?.putAll({ [PROGRESS_KEY]: JSON.stringify(written) }, PROGRESS_TTL_SECONDS);
  });
}

export function readProgress(services: Pick<AddonServices, 'cache'>): LookupProgress | null {
  const text = services.cache?.getAll([PROGRESS_KEY])[PROGRESS_KEY];
  if (text === undefined) return null;
  try {
    const parsed = JSON.parse(text) as unknown;
    return isLookupProgress(parsed) ? parsed : null;
  } catch {
    return null;
  }
}
