// Middleware for every /api/* endpoint: finds the token (§5.1), resolves it
// and sets req.principal, or throws missing_token / invalid_token (the error
// middleware adds the WWW-Authenticate header).
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { AppError, ErrorCode } from '../../../shared/src/errors.js';
import type { BearerAuthenticator } from './bearerAuthenticator.js';
import { presentedToken, queryToken } from './tokenTransport.js';

export function requireBearer(ctx: { bearer: BearerAuthenticator }): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    // A token in the URL must not end up in caches, whichever token wins.
    if (queryToken(req)) res.setHeader('Cache-Control', 'no-store');
    const presented = presentedToken(req);
    if (!presented) {
      throw new AppError(
        ErrorCode.missingToken,
        'Es fehlt ein Zugriffstoken (Authorization: Bearer … oder Parameter token).',
      );
    }
    const principal = await ctx.bearer.authenticate(presented.token);
    if (!principal) {
      throw new AppError(
        ErrorCode.invalidToken,
        'Das Zugriffstoken ist ungültig, abgelaufen oder widerrufen.',
      );
    }
    req.principal = principal;
    next();
  };
}

/** The principal requireBearer set; a programming error if it did not run. */
export function principalOf(req: Request) {
  if (!req.principal) throw new Error('requireBearer must run before this handler');
  return req.principal;
}
