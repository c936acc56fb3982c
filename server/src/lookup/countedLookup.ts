// One lookup as it counts against the quota (§8), shared by the REST routes
// (single and batch) and the MCP tools: a lookup the account already received
// with 200 this billing month is free; a new one reserves a count before any
// upstream call, gives it back on every error and is recorded once answered,
// so each distinct successful lookup is counted exactly once per month.
import type { BodenrichtwertResponse } from '#shared/apiTypes.js';
import type { LandUseCode } from '#shared/landUse.js';
import type { LookupReservation, QuotaService } from '../accounts/quotaService.js';
import type { Logger } from '../logging/logger.js';
import type { LookupCaller } from './fairness/workTicket.js';
import type { LookupResult, LookupService } from './lookupService.js';
import { lookupKey, type LookupIdentity } from './lookupKey.js';
import { releaseUntilDone } from './releaseUntilDone.js';
import { buildLookupResponse } from './responseBody.js';

export interface CountedLookupDeps {
  quota: Pick<QuotaService, 'reserveLookup'>;
  lookup: LookupService;
  logger: Logger;
}

/** One address to look up: as sent (echoed as address_input) and as geocoded (trimmed). */
export interface LookupTarget extends LookupIdentity {
  addressInput: string;
}

/**
 * Turns the pipeline's result into what the caller receives; throwing here
 * (e.g. no entry of the filtered use) gives the reservation back.
 */
export type ShapeAnswer<Answer> = (
  addressInput: string,
  result: LookupResult,
  filter: readonly LandUseCode[],
) => Answer | Promise<Answer>;

export function countedLookup(
  deps: CountedLookupDeps,
  caller: LookupCaller,
  target: LookupTarget,
): Promise<BodenrichtwertResponse> {
  return countedLookupAs(deps, caller, target, buildLookupResponse);
}

/** The counted lookup with its own answer (the dashboard's page also draws the zones). */
export async function countedLookupAs<Answer>(
  deps: CountedLookupDeps,
  caller: LookupCaller,
  target: LookupTarget,
  shape: ShapeAnswer<Answer>,
): Promise<Answer> {
  const reservation = await reserveLookup(deps, caller.accountId, target);
  return lookupReserved(deps, reservation, target, caller, shape);
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
export async function lookupReserved<Answer>(
  deps: CountedLookupDeps,
  reservation: LookupReservation,
  { addressInput, address, filter, stichtag }: LookupTarget,
  caller: LookupCaller,
  shape: ShapeAnswer<Answer>,
): Promise<Answer> {
  let response: Answer;
  try {
    const result = await deps.lookup.lookup(address, caller, stichtag);
    response = await shape(addressInput, result, filter);
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
