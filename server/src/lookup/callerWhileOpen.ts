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

/**
 * `ip`: the client's rate-limit key, whose upstream slots the caller's work
 * takes. The signal is made when work first asks for it (a lookup answered
 * from memory never does); until then `gone` reads the connection itself.
 */
export function callerWhileOpen(
  accountId: string,
  ip: string,
  connection: ClosingConnection,
): LookupCaller {
  // Closed before the answer was written: the client went away.
  const left = () => connection.closed && !connection.writableFinished;
  let gone: AbortController | undefined;
  return {
    accountId,
    ip,
    get signal() {
      if (gone) return gone.signal;
      const made = new AbortController();
      gone = made;
      // The client may have gone while authentication and the quota ran.
      if (left()) made.abort();
      else if (!connection.closed) {
        connection.on('close', () => {
          if (!connection.writableFinished) made.abort();
        });
      }
      return made.signal;
    },
    gone: () => (gone ? gone.signal.aborted : left()),
  };
}
