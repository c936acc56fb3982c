// Middleware for every /api/* endpoint and /mcp: authenticates the request's
// bearer credentials and sets req.principal, or throws missing_token /
// invalid_token (the error middleware adds the WWW-Authenticate header).
import type { Request, RequestHandler } from 'express';
import { AppError, ErrorCode } from '#shared/errors.js';
import type { BearerAuthentication, BearerFailure } from './bearerAuthentication.js';
import { bearerCredentials, queryToken } from './tokenTransport.js';
import type { BearerPrincipal } from './types.js';

const FAILURE_MESSAGES: Record<BearerFailure, string> = {
  [ErrorCode.missingToken]:
    'Es fehlt ein Zugriffstoken (Authorization: Bearer … oder Parameter token).',
  [ErrorCode.invalidToken]: 'Das Zugriffstoken ist ungültig, abgelaufen oder widerrufen.',
};

/** What a router needs to protect its endpoints. */
export interface BearerDeps {
  bearer: Pick<BearerAuthentication, 'authenticate'>;
}

export interface BearerOptions {
  /**
   * Refuses the `token` query parameter (§5.1, item 2) with this missing_token
   * message, for endpoints whose protocol forbids tokens in URLs.
   */
  queryTokenRefused?: string;
}

export function requireBearer(ctx: BearerDeps, options: BearerOptions = {}): RequestHandler {
  const { queryTokenRefused } = options;
  return async (req, res, next) => {
    const inQuery = queryToken(req) !== undefined;
    // A token in the URL must not end up in caches, whichever token wins.
    if (inQuery) res.setHeader('Cache-Control', 'no-store');
    const outcome = await ctx.bearer.authenticate(
      bearerCredentials(req, queryTokenRefused === undefined),
    );
    if (typeof outcome !== 'string') {
      req.principal = outcome;
      next();
      return;
    }
    const refused = outcome === ErrorCode.missingToken && inQuery ? queryTokenRefused : undefined;
    throw new AppError(outcome, refused ?? FAILURE_MESSAGES[outcome]);
  };
}

/** The principal requireBearer set; a programming error if it did not run. */
export function principalOf(req: Request): BearerPrincipal {
  if (!req.principal) throw new Error('requireBearer must run before this handler');
  return req.principal;
}
