// Middleware for every /api/* endpoint: runs the bearer strategy on the
// request and sets req.principal, or throws missing_token / invalid_token
// (the error middleware adds the WWW-Authenticate header).
import type { Request, RequestHandler, Response } from 'express';
import passport from 'passport';
import { AppError, ErrorCode } from '#shared/errors.js';
import type { BearerFailure, BearerStrategy } from './bearerStrategy.js';
import { queryToken } from './tokenTransport.js';
import type { Principal } from './types.js';

const FAILURE_MESSAGES: Record<BearerFailure, string> = {
  [ErrorCode.missingToken]:
    'Es fehlt ein Zugriffstoken (Authorization: Bearer … oder Parameter token).',
  [ErrorCode.invalidToken]: 'Das Zugriffstoken ist ungültig, abgelaufen oder widerrufen.',
};

/** What a router needs to protect its endpoints. */
export interface BearerDeps {
  bearer: BearerStrategy;
}

export function requireBearer(ctx: BearerDeps): RequestHandler {
  // A private authenticator: passport gives each request its own copy of the
  // strategy, and nothing is registered on the global passport instance.
  const authenticator = new passport.Authenticator().use(ctx.bearer);
  const authenticate = (req: Request, res: Response) =>
    new Promise<Principal | BearerFailure>((resolve, reject) => {
      const middleware = authenticator.authenticate(
        ctx.bearer.name,
        { session: false },
        (err: unknown, principal: Principal | false, failure: BearerFailure) => {
          if (err) reject(err instanceof Error ? err : new Error(String(err)));
          else resolve(principal || failure);
        },
      ) as RequestHandler;
      void middleware(req, res, reject);
    });
  return async (req, res, next) => {
    // A token in the URL must not end up in caches, whichever token wins.
    if (queryToken(req)) res.setHeader('Cache-Control', 'no-store');
    const outcome = await authenticate(req, res);
    if (typeof outcome === 'string') throw new AppError(outcome, FAILURE_MESSAGES[outcome]);
    req.principal = outcome;
    next();
  };
}

/** The principal requireBearer set; a programming error if it did not run. */
export function principalOf(req: Request) {
  if (!req.principal) throw new Error('requireBearer must run before this handler');
  return req.principal;
}
