// Shared state of a spreadsheet (cache buckets, attributions, progress) is
// read, changed and written back; two formulas recalculating at once would
// lose each other's changes. Each such write runs under the document lock.
import type { AddonServices } from './ports.js';

/**
 * Runs `work` under the document lock (directly where there is none);
 * false when the lock stayed taken for the bounded wait and `work` did not run.
 */
export function underDocumentLock(
  services: Pick<AddonServices, 'lock'>,
  work: () => void,
): boolean {
  if (services.lock === null) {
    work();
    return true;
  }
  return services.lock.run(work);
}
