// The outcome of every distinct address of one formula: from the document
// cache where possible, the rest from the service within the time budget,
// cached chunk by chunk.
import type { PendingLookup } from '../../../shared/src/index.js';
import type { ApiCredentials } from '../api.js';
import { recordAttributions } from '../attributionLog.js';
import type { AddonServices } from '../ports.js';
import { fetchLookups } from './fetchLookups.js';
import { LookupCache } from './lookupCache.js';
import type { SheetsOutcome } from './outcome.js';

export function lookupAddresses(
  lookups: readonly PendingLookup[],
  credentials: ApiCredentials,
  services: AddonServices,
  deadline: number,
): Map<string, SheetsOutcome> {
  const cache = new LookupCache(services, credentials.serviceUrl);
  const outcomes: Map<string, SheetsOutcome> = cache.read(lookups.map(({ key }) => key));
  const uncached = lookups.filter(({ key }) => !outcomes.has(key));
  const fetched = fetchLookups(uncached, credentials, services, deadline, (chunk) =>
    cache.write(chunk),
  );
  for (const [key, outcome] of fetched) outcomes.set(key, outcome);

  // In the order of the formula's cells, so the first cell's source comes first.
  const attributions = lookups.flatMap(({ key }) => {
    const outcome = outcomes.get(key);
    return outcome?.kind === 'found' ? [outcome.response.attribution] : [];
  });
  recordAttributions(services.documentProperties, attributions);
  return outcomes;
}
