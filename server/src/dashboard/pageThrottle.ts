// Requests per IP and minute on the server-rendered pages (RATE_LIMIT_PER_MINUTE,
// the same budget as the API's), so page views cannot flood the database.
import type { Request, RequestHandler, Response } from 'express';
import { rateLimit } from 'express-rate-limit';
import type { AppContext } from '../context.js';
import { clientKey } from '../http/rateLimit.js';
import { throttleStore } from './throttleStore.js';

export function pageThrottle(
  ctx: Pick<AppContext, 'redis' | 'config'>,
  onLimited: (req: Request, res: Response) => void,
): RequestHandler {
  return rateLimit({
    windowMs: 60_000,
    limit: ctx.config.rateLimitPerMinute,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    identifier: 'pages',
    keyGenerator: clientKey,
    handler: (req, res) => onLimited(req, res),
    store: throttleStore(ctx, 'pages'),
  });
}
