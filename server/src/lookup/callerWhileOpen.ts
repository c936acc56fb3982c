// The caller of a lookup while its client waits: a signal that aborts when
// the client's connection closes before the answer is sent, so its queued
// work is dropped. Any adapter with a closing connection (an HTTP response)
// builds its caller here; what the account and the client key are is the
// adapter's business.
import type { LookupCaller } from '../scheduling/workTicket.js';

/** What the caller needs of a connection (an http.ServerResponse has it). */
export interface ClosingConnection {
  readonly closed: boolean;
  readonly writableFinished: boolean;
  on(event: 'close', listener: () => void): unknown;
}

/** `ip`: the client's rate-limit key, whose upstream slots the caller's work takes. */
export function callerWhileOpen(
  accountId: string,
  ip: string,
  connection: ClosingConnection,
): LookupCaller {
  const gone = new AbortController();
  const leave = () => {
    if (!connection.writableFinished) gone.abort();
  };
  // The client may have gone while authentication and the quota ran.
  if (connection.closed) leave();
  else connection.on('close', leave);
  return { accountId, ip, signal: gone.signal };
}
