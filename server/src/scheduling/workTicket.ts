// One lookup's claim on upstream work: whose work it is (its account and its
// client IP), until when it may wait for a turn, and whether its client is
// still there. Waits end at the deadline; work whose client has gone is dropped.
import { setMaxListeners } from 'node:events';
import { MAX_BATCH_ADDRESSES } from '#shared/apiTypes.js';
import { AppError, ErrorCode } from '#shared/errors.js';

export interface LookupCaller {
  accountId: string;
  /** The client's rate-limit key (an IPv4 address or an IPv6 /56). */
  ip: string;
  /** Aborts when the client has gone (connection closed, MCP request cancelled). */
  readonly signal: AbortSignal;
  /**
   * Whether the client has gone, told without making `signal` where the
   * caller makes it on first use (callerWhileOpen.ts); absent: `signal.aborted`.
   */
  gone?(): boolean;
  /**
   * How long its work may wait for a turn; the upstream timeout when absent.
   * The items of a batch queue behind each other in their caller's slots, so
   * they wait longer (their client's disconnect still drops them).
   */
  waitMs?: number;
}

export interface WorkTicket {
  /** The caller keys whose slots the work takes. */
  keys: readonly string[];
  /** Epoch milliseconds after which no wait for a turn may end. */
  deadline: number;
  /** Aborted with clientGone() when nobody waits for the answer any more. */
  readonly signal: AbortSignal;
  /**
   * Whether `signal` is (or would be) aborted, told without making it: work
   * that waits for nothing (an answer held in memory) needs no signal.
   */
  gone(): boolean;
}

/** Thrown where work is dropped because its client has gone; nobody reads the answer. */
function clientGone(): AppError {
  return new AppError(
    ErrorCode.serviceError,
    'Die Anfrage wurde abgebrochen, bevor sie beantwortet war.',
  );
}

/**
 * The ticket of one lookup: waits within `waitMs` from now. Its signal, and
 * with it the caller's, is made on first use: a lookup answered from memory
 * waits for no work and makes none (an AbortController and a listener on the
 * caller's signal cost more than the rest of such a lookup's bookkeeping).
 */
export function ticketFor(caller: LookupCaller, waitMs: number): WorkTicket {
  let controller: AbortController | undefined;
  const signal = (): AbortSignal => {
    if (controller) return controller.signal;
    const made = new AbortController();
    controller = made;
    const abort = () => made.abort(clientGone());
    // Every address of a batch (REST or MCP) takes a ticket that listens to the
    // caller's one signal: more than Node's default of 10 listeners is expected.
    setMaxListeners(MAX_BATCH_ADDRESSES + 10, caller.signal);
    if (caller.signal.aborted) abort();
    else caller.signal.addEventListener('abort', abort, { once: true });
    return made.signal;
  };
  return {
    keys: [`account:${caller.accountId}`, `ip:${caller.ip}`],
    deadline: Date.now() + waitMs,
    get signal() {
      return signal();
    },
    gone: () =>
      controller ? controller.signal.aborted : caller.gone ? caller.gone() : caller.signal.aborted,
  };
}

/** The same claim on behalf of a shared run (single flight) with a signal of its own. */
export function withSignal(ticket: WorkTicket, signal: AbortSignal): WorkTicket {
  return { keys: ticket.keys, deadline: ticket.deadline, signal, gone: () => signal.aborted };
}
