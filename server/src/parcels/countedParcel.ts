// One parcel answer as it counts against the quota (issue 34), shared by the
// REST route, the MCP tool and the lookup page: a parcel counts like one
// lookup, once per billing month and account for the same target (address
// or Kennzeichen) and stichtag. The land-use filter and the GFZ only select
// and recalculate what the same parcel answer holds, so they are free. The
// reservation is settled as a lookup's is (countedLookup.ts): an unknown
// parcel (404 parcel_not_found) is a failing answer, other errors give the
// count back.
import { createHash } from 'node:crypto';
import type { FlurstueckResponse } from '#shared/parcelTypes.js';
import type { FlurstueckRequest, FlurstueckTarget } from '#shared/schemas/flurstueckRequest.js';
import { PARCEL_DISCLAIMER } from '#shared/texts.js';
import type { QuotaService } from '../accounts/quotaService.js';
import type { Logger } from '../logging/logger.js';
import { typedAddress } from '../geocoding/typedAddress.js';
import { answerReserved } from '../lookup/countedLookup.js';
import type { LookupCaller } from '../scheduling/workTicket.js';
import type {
  ParcelAnswer,
  ParcelQuery,
  ParcelTarget,
  ParcelValuation,
} from './parcelValuation.js';

export interface CountedParcelDeps {
  quota: Pick<QuotaService, 'reserveLookup'>;
  parcelValuation: Pick<ParcelValuation, 'value'>;
  logger: Logger;
}

/** SHA-256 (hex) of the target and the date; apart from every lookup key by its first part. */
export function parcelKey({ target, stichtag }: Pick<ParcelQuery, 'target' | 'stichtag'>): string {
  const parcel =
    target.kind === 'address'
      ? ['address', target.address.normal]
      : ['kennzeichen', target.kennzeichen];
  const canonical = JSON.stringify(['flurstueck', ...parcel, stichtag ?? null]);
  return createHash('sha256').update(canonical).digest('hex');
}

/** The parsed request of REST, MCP or the page; the use case's query is all but its format. */
export async function countedParcel(
  deps: CountedParcelDeps,
  caller: LookupCaller,
  { format: _format, target, ...rest }: FlurstueckRequest,
): Promise<ParcelAnswer> {
  const query = { ...rest, target: parcelTarget(target) };
  const reservation = await deps.quota.reserveLookup(caller.accountId, parcelKey(query));
  return answerReserved(deps, reservation, () => deps.parcelValuation.value(query, caller));
}

/** The request's target, an address read once here (typedAddress.ts). */
function parcelTarget(target: FlurstueckTarget): ParcelTarget {
  return target.kind === 'address'
    ? { ...target, address: typedAddress(target.addressInput) }
    : target;
}

/**
 * The answer of GET /api/flurstueck and get_flurstueck: the use case's with
 * the disclaimer, without what only the lookup page draws.
 */
export function flurstueckResponse({
  zonen,
  mapSource: _mapSource,
  ...answer
}: ParcelAnswer): FlurstueckResponse {
  return {
    ...answer,
    zonen: zonen.map(({ outline: _outline, ...zone }) => zone),
    disclaimer: PARCEL_DISCLAIMER,
  };
}
