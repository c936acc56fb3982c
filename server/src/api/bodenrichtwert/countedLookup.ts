// One lookup as it counts against the quota (§8), shared by the REST route
// and the MCP tool: one count reserved before any upstream call, given back
// on every error, so each successful answer is counted exactly once.
import type { BodenrichtwertResponse } from '../../../../shared/src/apiTypes.js';
import type { QuotaService } from '../../accounts/quotaService.js';
import type { Logger } from '../../logging/logger.js';
import type { LookupCaller } from '../../lookup/fairness/workTicket.js';
import type { LookupService } from '../../lookup/lookupService.js';
import type { LookupParams } from './params.js';
import { releaseUntilDone } from './releaseUntilDone.js';
import { buildLookupResponse } from './responseBody.js';

export interface CountedLookupDeps {
  quota: Pick<QuotaService, 'reserve'>;
  lookup: LookupService;
  logger: Logger;
}

export async function countedLookup(
  deps: CountedLookupDeps,
  caller: LookupCaller,
  { addressInput, address, filter }: Pick<LookupParams, 'addressInput' | 'address' | 'filter'>,
): Promise<BodenrichtwertResponse> {
  const reservation = await deps.quota.reserve(caller.accountId);
  try {
    const result = await deps.lookup.lookup(address, caller);
    return buildLookupResponse(addressInput, result, filter);
  } catch (err) {
    await releaseUntilDone(reservation, deps.logger);
    throw err;
  }
}
