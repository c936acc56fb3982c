// The caller of a lookup as an HTTP request shows it: the account of its
// bearer, its rate-limit key, and a signal that aborts when the client closes
// the connection before the answer is sent (its queued work is then dropped).
import type { Request, Response } from 'express';
import { principalOf } from '../auth/requireBearer.js';
import { clientKey } from '../http/rateLimit.js';
import type { LookupCaller } from './fairness/workTicket.js';

export function lookupCallerOf(req: Request, res: Response): LookupCaller {
  return lookupCallerFor(principalOf(req).accountId, req, res);
}

/** The same for an account known otherwise (the dashboard's signed-in user). */
export function lookupCallerFor(accountId: string, req: Request, res: Response): LookupCaller {
  const gone = new AbortController();
  const leave = () => {
    if (!res.writableFinished) gone.abort();
  };
  // The client may have gone while authentication and the quota ran.
  if (res.closed) leave();
  else res.on('close', leave);
  return { accountId, ip: clientKey(req), signal: gone.signal };
}
