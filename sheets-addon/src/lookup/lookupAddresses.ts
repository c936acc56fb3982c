// The outcome of every distinct address of one formula: from the document
// cache where possible, the rest from the service within the time budget,
// cached chunk by chunk, with the run's progress left for the sidebar.
import { listedAttribution, type LookupProgress, type PendingLookup } from '#shared/index.js';
import type { ApiCredentials } from '../api.js';
import { recordAttributions } from '../attributionLog.js';
import type { AddonServices } from '../ports.js';
import { fetchLookups } from './fetchLookups.js';
import { LookupCache } from './lookupCache.js';
import type { SheetsOutcome } from './outcome.js';
import { writeProgress } from './progressLog.js';

/** Answered and failed addresses among `outcomes`, out of `total`. */
function progressOf(total: number, outcomes: Iterable<SheetsOutcome>): Required<LookupProgress> {
  const progress = { total, done: 0, failed: 0, pending: 0 };
  for (const outcome of outcomes) {
    if (outcome.kind === 'pending') progress.pending += 1;
    if (outcome.kind === 'unfinished' || outcome.kind === 'pending') continue;
    progress.done += 1;
    if (outcome.kind === 'failed') progress.failed += 1;
  }
  return progress;
}

/** `fresh`: lookups to ask the service for even where the document cache has them. */
export function lookupAddresses(
  lookups: readonly PendingLookup[],
  credentials: ApiCredentials,
  services: AddonServices,
  deadline: number,
  fresh: ReadonlySet<string> = new Set(),
): Map<string, SheetsOutcome> {
  const cache = new LookupCache(services, credentials.serviceUrl);
  // The formula's own key: its next run replaces its figures, other formulas keep theirs.
  const run = services.digest(lookups.map(({ key }) => key).join('\n')).slice(0, 16);
  const outcomes: Map<string, SheetsOutcome> = cache.read(
    lookups.map(({ key }) => key).filter((key) => !fresh.has(key)),
  );
  const uncached = lookups.filter(({ key }) => !outcomes.has(key));
  const progress = progressOf(lookups.length, outcomes.values());
  writeProgress(services, progress, run);
  const fetched = fetchLookups(uncached, credentials, services, deadline, (chunk) => {
    cache.write(chunk);
    const answered = progressOf(chunk.size, chunk.values());
    progress.done += answered.done;
    progress.failed += answered.failed;
    progress.pending += answered.pending;
    writeProgress(services, progress, run);
  });
  for (const [key, outcome] of fetched) outcomes.set(key, outcome);
  // Requests that stopped the run fail their addresses without a chunk of their own.
  writeProgress(services, progressOf(lookups.length, outcomes.values()), run);

  // In the order of the formula's cells, so the first cell's source comes first.
  const attributions = lookups.flatMap(({ key }) => {
    const outcome = outcomes.get(key);
    return outcome?.kind === 'found' ? [listedAttribution(outcome.response)] : [];
  });
  recordAttributions(services, attributions);
  return outcomes;
}
