// Up to MAX_BATCH_ADDRESSES lookups in one call (REST batch route and MCP
// batch tool), each exactly the counted lookup of a single address. The
// batch's quota step is taken for all its lookups at once where they all fit
// (QuotaService.reserveLookups: a few statements instead of one or more per
// address, which on a one-connection SQLite would queue every lookup of the
// batch behind them); where they do not, the steps run one after the other in
// input order, so once the cap is reached the later new addresses get 402 and
// the earlier ones their answers. The lookups themselves run concurrently,
// bounded per state service by the pipeline's source gate and the geocoder's
// minimum interval. Addresses of one batch that are the same lookup
// (lookupKey) share one counted lookup, so a repeated row never meets the cap
// that its first occurrence used.
// With a wait, items not answered when it ends are answered as pending
// (202) and go on in the background: the answer lands in the cache and is
// counted once when ready, so asking again for it costs nothing.
import type { BatchLookupItem, BodenrichtwertResponse, PendingItem } from '#shared/apiTypes.js';
import { asAppError, errorBody } from '#shared/errorBody.js';
import { ErrorCode, ok, type AppError } from '#shared/errors.js';
import type { BatchEntry } from '#shared/schemas/batchRequest.js';
import {
  lookupReserved,
  typedLookupTarget,
  reserveLookup,
  type CountedLookupDeps,
  type TypedLookupTarget,
} from './countedLookup.js';
import type { LookupCaller } from '../scheduling/workTicket.js';
import { lookupKey } from './lookupKey.js';
import { buildLookupResponse } from './responseBody.js';

/**
 * How long an item of a batch may wait for its caller's upstream slot or its
 * geocoder turn: the items of one batch queue behind each other (a caller has
 * UPSTREAM_SLOTS_PER_CALLER slots), so the single lookup's timeout would refuse
 * most of a large uncached batch. A client that goes away drops its items.
 */
export const BATCH_ITEM_WAIT_MS = 5 * 60_000;

/** Seconds a client should wait before asking again for a pending item; its request then waits again. */
export const PENDING_RETRY_AFTER_S = 2;

/** Resolves when the request has run as long as the client lets it. */
export type BatchDeadline = Promise<void>;

export async function batchLookup(
  deps: CountedLookupDeps,
  batchCaller: LookupCaller,
  entries: readonly BatchEntry[],
  deadline?: BatchDeadline,
): Promise<BatchLookupItem[]> {
  const caller = { ...batchCaller, waitMs: BATCH_ITEM_WAIT_MS };
  // Each address read once: for the joint quota step and for its own lookup.
  const rows = entries.map(({ addressInput, target }) => ({
    addressInput,
    read: target.ok ? ok(typedLookupTarget(target.value)) : target,
  }));
  const targets = rows.flatMap(({ read }) => (read.ok ? [read.value] : []));
  // Any failure of the joint step leaves the keys to their own steps, which fail alike.
  const together = deps.quota
    .reserveLookups(caller.accountId, [...new Set(targets.map(lookupKey))])
    .catch(() => null);
  let quotaTurn: Promise<unknown> = together;
  const reserveInTurn = (target: TypedLookupTarget) => {
    const reservation = quotaTurn.then(() => reserveLookup(deps, caller.accountId, target));
    quotaTurn = reservation.catch(() => undefined);
    return reservation;
  };
  const byKey = new Map<string, Promise<BodenrichtwertResponse>>();
  const lookupOnce = (target: TypedLookupTarget) => {
    const key = lookupKey(target);
    let answer = byKey.get(key);
    if (!answer) {
      const reservation = together.then((reserved) => reserved?.get(key) ?? reserveInTurn(target));
      answer = reservation.then((reserved) =>
        lookupReserved(deps, reserved, target, caller, buildLookupResponse),
      );
      byKey.set(key, answer);
    }
    return answer;
  };
  const items = rows.map(async ({ addressInput, read }): Promise<BatchLookupItem> => {
    if (!read.ok) return errorItem(read.error, addressInput);
    try {
      const response = await lookupOnce(read.value);
      return { ...response, address_input: addressInput, status: 200 };
    } catch (err) {
      const error = asAppError(err, ErrorCode.processingError);
      if (error.status >= 500) {
        deps.logger.error({ err: error.cause ?? error, code: error.code }, 'batch item failed');
      }
      return errorItem(error, addressInput);
    }
  });
  if (deadline === undefined) return Promise.all(items);
  const waited = deadline.then(() => undefined);
  return Promise.all(
    items.map(async (item, index) => {
      const ready = await Promise.race([item, waited]);
      return ready ?? pendingItem(entries[index]?.addressInput ?? '');
    }),
  );
}

function pendingItem(addressInput: string): PendingItem {
  return {
    status: 202,
    error: 'pending',
    message: 'Die Antwort wird noch ermittelt; bitte nach retry_after Sekunden erneut anfragen.',
    retry_after: PENDING_RETRY_AFTER_S,
    address_input: addressInput,
  };
}

/** The error body the single lookup would answer (errorBody, as the error middleware sends it). */
function errorItem(error: AppError, addressInput: string): BatchLookupItem {
  return { ...errorBody(error), address_input: addressInput };
}
