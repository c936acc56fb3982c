// Bearer authentication as the context builds it once: a passport instance of
// its own (nothing on the global one) with the bearer strategy registered, and
// the translation of the strategy's outcome (RFC 6750 §3) into ours.
import passport from 'passport';
import { ErrorCode } from '#shared/errors.js';
import { BEARER_STRATEGY, createBearerStrategy, firstPrincipal } from './bearerStrategy.js';
import type { BearerCredentials } from './tokenTransport.js';
import type { BearerPrincipal, Principal, TokenResolver } from './types.js';

/** Why a request did not authenticate; requireBearer turns it into the error. */
export type BearerFailure = typeof ErrorCode.missingToken | typeof ErrorCode.invalidToken;

export interface BearerAuthentication {
  /** The principal of the credentials, or why there is none. */
  authenticate(credentials: BearerCredentials): Promise<BearerPrincipal | BearerFailure>;
  /** The principal of a token, for callers without a request. */
  resolve(token: string): Promise<Principal | null>;
}

export function createBearerAuthentication(
  resolvers: readonly TokenResolver[],
): BearerAuthentication {
  const authenticator = new passport.Authenticator();
  authenticator.use(BEARER_STRATEGY, createBearerStrategy(resolvers));
  return {
    authenticate: (credentials) =>
      new Promise((resolve, reject) => {
        // passport's custom-callback form: the callback gets the outcome, passport answers nothing.
        const run = authenticator.authenticate(
          BEARER_STRATEGY,
          { session: false },
          (
            err: unknown,
            principal: BearerPrincipal | false,
            challenge: unknown,
            status: unknown,
          ) => {
            if (err) reject(err instanceof Error ? err : new Error(String(err)));
            else resolve(principal || failureOf(challenge, status));
          },
        ) as (req: BearerCredentials, res: unknown, next: (err?: unknown) => void) => void;
        run(credentials, undefined, reject);
      }),
    resolve: (token) => firstPrincipal(resolvers, token),
  };
}

/**
 * The strategy fails with a challenge (RFC 6750 §3): without an error
 * attribute when no token was presented, `error="invalid_token"` when no
 * resolver knew it; or with status 400 for a header it cannot parse
 * (`Bearer a b`), which §5 of the contract counts as an invalid token.
 */
function failureOf(challenge: unknown, status: unknown): BearerFailure {
  if (status === 400) return ErrorCode.invalidToken;
  const error =
    typeof challenge === 'string' ? /\berror="([^"]*)"/.exec(challenge)?.[1] : undefined;
  return error === undefined ? ErrorCode.missingToken : ErrorCode.invalidToken;
}
