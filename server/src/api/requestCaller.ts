// The caller of a lookup or a parcel as an HTTP request shows it: the account of its
// bearer and its rate-limit key; the lookup drops its work when the client
// closes the connection.
import type { Request, Response } from 'express';
import { principalOf } from '../auth/requireBearer.js';
import { clientKey } from '../http/rateLimit.js';
import type { LookupCaller } from '../scheduling/workTicket.js';
import { callerWhileOpen } from '../lookup/callerWhileOpen.js';

export function requestCaller(req: Request, res: Response): LookupCaller {
  return callerWhileOpen(principalOf(req).accountId, clientKey(req), res);
}
