// The progress of the latest BODENRICHTWERT runs, for the sidebar, kept per
// run (per formula) so formulas recalculating at once do not overwrite each
// other's figures. A custom
// function cannot talk to the sidebar, so it leaves its figures in the
// document cache, where the sidebar's poll reads them. Written at the start,
// after each chunk (at most 100 addresses) and at the end: a column of 1,000
// addresses makes about fifteen writes, not one per row.
import { isLookupProgress, type LookupProgress } from '#shared/index.js';
import { underDocumentLock } from '../documentLock.js';
import type { AddonServices, KeyValueCache } from '../ports.js';

/** The list of runs; each run's figures are under `brw:progress:<run>`. */
export const PROGRESS_KEY = 'brw:progress';
/** Long enough to read the result of a finished run; the cache forgets it after. */
const PROGRESS_TTL_SECONDS = 10 * 60;
/** Runs listed at most; older ones are forgotten first. */
const MAX_RUNS = 20;

const runKey = (run: string) => `${PROGRESS_KEY}:${run}`;

function readRuns(cache: KeyValueCache): string[] {
  const text = cache.getAll([PROGRESS_KEY])[PROGRESS_KEY];
  try {
    const runs = JSON.parse(text ?? '[]') as unknown;
    return Array.isArray(runs) ? runs.filter((run): run is string => typeof run === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * The figures of one run (`run`: the formula's own key, so its next run
 * replaces them while another formula's run keeps its own), under the
 * document lock; a figure skipped while another run holds it is made up by
 * the next write.
 */
export function writeProgress(
  services: Pick<AddonServices, 'cache' | 'lock'>,
  progress: LookupProgress,
  run = 'formula',
): void {
  const cache = services.cache;
  if (cache === null) return;
  // No pending addresses: the field is absent, as the sidebar reads it.
  const { pending, ...settled } = progress;
  const written = pending === undefined || pending === 0 ? settled : progress;
  underDocumentLock(services, () => {
    const runs = [...readRuns(cache).filter((listed) => listed !== run), run].slice(-MAX_RUNS);
    cache.putAll(
      { [PROGRESS_KEY]: JSON.stringify(runs), [runKey(run)]: JSON.stringify(written) },
      PROGRESS_TTL_SECONDS,
    );
  });
}

/** The runs of the last minutes together (two columns recalculating at once add up); null before any. */
export function readProgress(services: Pick<AddonServices, 'cache'>): LookupProgress | null {
  const cache = services.cache;
  if (cache === null) return null;
  const runs = readRuns(cache);
  if (runs.length === 0) return null;
  const stored = cache.getAll(runs.map(runKey));
  let sum: Required<LookupProgress> | null = null;
  for (const text of Object.values(stored)) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      continue;
    }
    if (!isLookupProgress(parsed)) continue;
    sum ??= { total: 0, done: 0, failed: 0, pending: 0 };
    sum.total += parsed.total;
    sum.done += parsed.done;
    sum.failed += parsed.failed;
    sum.pending += parsed.pending ?? 0;
  }
  if (sum === null) return null;
  const { pending, ...settled } = sum;
  return pending === 0 ? settled : sum;
}
