// Anonymous requests per IP and minute on the server-rendered pages
// (RATE_LIMIT_PER_MINUTE, the same budget as the API's), so nobody can flood
// the service with page views and form posts without an account. Signed-in
// users are not counted: they are known, and their forms have limits of their own.
import type { Request, RequestHandler, Response } from 'express';
import { rateLimit } from 'express-rate-limit';
import type { Config } from '../config/config.js';
import { clientKey } from '../http/rateLimit.js';
import { throttleStore, type ThrottleStoreDeps } from './throttleStore.js';

export function pageThrottle(
  ctx: ThrottleStoreDeps & { config: Pick<Config, 'rateLimitPerMinute'> },
  onLimited: (req: Request, res: Response) => void,
): RequestHandler {
  return rateLimit({
    windowMs: 60_000,
    limit: ctx.config.rateLimitPerMinute,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    identifier: 'pages',
    keyGenerator: clientKey,
    skip: (req) => req.session.accountId !== undefined,
    handler: (req, res) => onLimited(req, res),
    store: throttleStore(ctx, 'pages'),
  });
}
