// Throttles guessing on the login and sign-up forms with express-rate-limit:
// failed logins per IP and email address (a successful login does not
// count), sign-ups per IP. With REDIS_URL every instance shares the counts.
import type { Request, RequestHandler, Response } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import type { AppContext } from '../context.js';
import { throttleStore } from './throttleStore.js';

const WINDOW_MS = 15 * 60_000;
export const FAILED_LOGINS_PER_WINDOW = 10;
const SIGNUPS_PER_WINDOW = 10;

function bodyEmail(req: Request): string {
  const email = (req.body as Record<string, unknown> | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
}

export function loginThrottle(
  ctx: Pick<AppContext, 'redis' | 'config'>,
  onLimited: (req: Request, res: Response) => void,
): RequestHandler {
  const shared = throttleStore(ctx, 'login');
  return rateLimit({
    windowMs: WINDOW_MS,
    limit: FAILED_LOGINS_PER_WINDOW,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    identifier: 'login',
    keyGenerator: (req) => `${ipKeyGenerator(req.ip ?? '')}|${bodyEmail(req)}`,
    skipSuccessfulRequests: true,
    handler: (req, res) => onLimited(req, res),
    ...(shared ? { store: shared } : {}),
  });
}

export function signupThrottle(
  ctx: Pick<AppContext, 'redis' | 'config'>,
  onLimited: (req: Request, res: Response) => void,
): RequestHandler {
  const shared = throttleStore(ctx, 'signup');
  return rateLimit({
    windowMs: WINDOW_MS,
    limit: SIGNUPS_PER_WINDOW,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    identifier: 'signup',
    handler: (req, res) => onLimited(req, res),
    ...(shared ? { store: shared } : {}),
  });
}
