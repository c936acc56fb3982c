// One lookup as it counts against the quota (§8), shared by the REST routes
// (single and batch) and the MCP tools: a lookup the account already received
// this billing month is free; a new one reserves a count before any upstream
// call and is recorded once answered, so each distinct successful lookup is
// counted exactly once per month (the service writes the record behind the
// answer: QuotaSettings.recordBehind). An error gives the count back, except a
// failing answer (404 no_data, address_not_found) past the month's free
// failing lookups: it cost the geocoder and the state service like an answer.
// A parcel answer (parcels/countedParcel.ts) is settled the same way. The
// address is read here, once per request (typedAddress.ts), and carried along.
import type { BodenrichtwertResponse } from '#shared/apiTypes.js';
import { ErrorCode, isAppError, type AppError } from '#shared/errors.js';
import type { LandUseCode } from '#shared/landUse.js';
import type { LookupTarget } from '#shared/schemas/lookupRequest.js';
import type { LookupReservation, QuotaService } from '../accounts/quotaService.js';
import type { Logger } from '../logging/logger.js';
import { typedAddress, type TypedAddress } from '../geocoding/typedAddress.js';
import type { LookupCaller } from '../scheduling/workTicket.js';
import type { LookupResult, LookupService } from './lookupService.js';
import { lookupKey, type LookupIdentity } from './lookupKey.js';
import { releaseUntilDone } from './releaseUntilDone.js';
import { buildLookupResponse } from './responseBody.js';

export interface CountedLookupDeps {
  quota: Pick<QuotaService, 'reserveLookup' | 'reserveLookups'>;
  lookup: LookupService;
  logger: Logger;
}

/** One address to look up: as sent (echoed as address_input) and as read (trimmed). */
export interface TypedLookupTarget extends LookupIdentity {
  addressInput: string;
  address: TypedAddress;
}

/** The parsed request's target with its address read. */
export function typedLookupTarget({
  addressInput,
  address,
  filter,
  stichtag,
}: LookupTarget): TypedLookupTarget {
  return { addressInput, address: typedAddress(address), filter, stichtag };
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
  request: LookupTarget,
  shape: ShapeAnswer<Answer>,
): Promise<Answer> {
  const target = typedLookupTarget(request);
  const reservation = await reserveLookup(deps, caller.accountId, target);
  return lookupReserved(deps, reservation, target, caller, shape);
}

/** The quota step alone (402 and payment_past_due are thrown here). */
export function reserveLookup(
  deps: Pick<CountedLookupDeps, 'quota'>,
  accountId: string,
  target: TypedLookupTarget,
): Promise<LookupReservation> {
  return deps.quota.reserveLookup(accountId, lookupKey(target));
}

/** The lookup under a reservation taken by `reserveLookup`. */
export function lookupReserved<Answer>(
  deps: CountedLookupDeps,
  reservation: LookupReservation,
  { addressInput, address, filter, stichtag }: TypedLookupTarget,
  caller: LookupCaller,
  shape: ShapeAnswer<Answer>,
): Promise<Answer> {
  return answerReserved(deps, reservation, async () => {
    const result = await deps.lookup.lookup(address, caller, stichtag);
    return shape(addressInput, result, filter);
  });
}

/**
 * Settles a reservation by the outcome of `work` (a lookup, or a parcel
 * answer): recorded when answered, recorded as failing on a failing answer,
 * given back on any other error.
 */
export async function answerReserved<Answer>(
  deps: Pick<CountedLookupDeps, 'logger'>,
  reservation: LookupReservation,
  work: () => Promise<Answer>,
): Promise<Answer> {
  let response: Answer;
  try {
    response = await work();
  } catch (err) {
    if (isFailingAnswer(err)) await settleFailure(deps, reservation);
    else await releaseUntilDone(reservation, deps.logger);
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

/** The answers that are a lookup's result rather than an outage or a refusal. */
const FAILING_ANSWERS: ReadonlySet<ErrorCode> = new Set([
  ErrorCode.noData,
  ErrorCode.addressNotFound,
  ErrorCode.parcelNotFound,
]);

function isFailingAnswer(err: unknown): err is AppError {
  return isAppError(err) && FAILING_ANSWERS.has(err.code);
}

/** Records a failing answer; where that fails (database gone), the count is given back. */
async function settleFailure(
  deps: Pick<CountedLookupDeps, 'logger'>,
  reservation: LookupReservation,
): Promise<void> {
  try {
    await reservation.fail();
  } catch (err) {
    deps.logger.warn({ err }, 'recording a failing lookup failed; its count is given back');
    await releaseUntilDone(reservation, deps.logger);
  }
}
