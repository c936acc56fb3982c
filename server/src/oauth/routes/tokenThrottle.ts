// The per-IP limit of the token and revocation endpoints: RATE_LIMIT_PER_MINUTE
// requests per minute, counted apart from the API's budget (one shared count
// for both endpoints). Answers 429 with an OAuth error body and Retry-After.
import type { RequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';
import type { Config } from '../../config/config.js';
import { throttleStore, type ThrottleStoreDeps } from '../../web/throttleStore.js';
import { clientKey } from '../../http/rateLimit.js';
import { oauthErrorBody } from '../wire/oauthErrors.js';

export function tokenThrottle(
  ctx: ThrottleStoreDeps & { config: Pick<Config, 'rateLimitPerMinute'> },
): RequestHandler {
  const limit = ctx.config.rateLimitPerMinute;
  const shared = throttleStore(ctx, 'oauth-token');
  return rateLimit({
    windowMs: 60_000,
    limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    identifier: 'oauth-token',
    keyGenerator: clientKey,
    handler: (_req, res) => {
      res
        .status(429)
        .set('Cache-Control', 'no-store')
        .json(
          oauthErrorBody(
            'rate_limit_exceeded',
            `Zu viele Anfragen: höchstens ${limit} pro Minute und IP-Adresse.`,
          ),
        );
    },
    ...(shared ? { store: shared } : {}),
  });
}
