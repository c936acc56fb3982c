// One lookup as it counts against the quota (§8), shared by the REST routes
// (single and batch) and the MCP tools: a lookup the account already received
// with 200 this billing month is free; a new one reserves a count before any
// upstream call, gives it back on every error and is recorded once answered,
// so each distinct successful lookup is counted exactly once per month.
import type { BodenrichtwertResponse } from '../../../../shared/src/apiTypes.js';
import type { LookupReservation, QuotaService } from '../../accounts/quotaService.js';
import type { Logger } from '../../logging/logger.js';
import type { LookupCaller } from '../../lookup/fairness/workTicket.js';
import type { LookupService } from '../../lookup/lookupService.js';
import { lookupKey } from './lookupKey.js';
import type { LookupParams } from './params.js';
import { releaseUntilDone } from './releaseUntilDone.js';
import { buildLookupResponse } from './responseBody.js';

export interface CountedLookupDeps {
  quota: Pick<QuotaService, 'reserveLookup'>;
  lookup: LookupService;
  logger: Logger;
}

export type LookupTarget = Pick<LookupParams, 'addressInput' | 'address' | 'filter' | 'stichtag'>;

export async function countedLookup(
  deps: CountedLookupDeps,
  caller: LookupCaller,
  target: LookupTarget,
): Promise<BodenrichtwertResponse> {
  return lookupReserved(deps, await reserveLookup(deps, caller.accountId, target), target, caller);
}

/** The quota step alone (402 and payment_past_due are thrown here). */
export function reserveLookup(
  deps: Pick<CountedLookupDeps, 'quota'>,
  accountId: string,
  target: LookupTarget,
): Promise<LookupReservation> {
  return deps.quota.reserveLookup(accountId, lookupKey(target));
}

/** The lookup under a reservation taken by `reserveLookup`. */
export async function lookupReserved(
  deps: CountedLookupDeps,
  reservation: LookupReservation,
  { addressInput, address, filter, stichtag }: LookupTarget,
  caller: LookupCaller,
): Promise<BodenrichtwertResponse> {
  let response: BodenrichtwertResponse;
  try {
    const result = await deps.lookup.lookup(address, caller, stichtag);
    response = buildLookupResponse(addressInput, result, filter);
  } catch (err) {
    await releaseUntilDone(reservation, deps.logger);
    throw err;
  }
  try {
    await reservation.confirm();
  } catch (err) {
    // The answer is counted; only its free repetition this month is lost.
    deps.logger.error({ err }, 'recording a distinct lookup failed');
  }
  return response;
}
