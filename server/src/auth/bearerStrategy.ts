// The one bearer strategy for every token kind. Its verify function asks the
// resolvers it is built with in turn (API keys, then OAuth access tokens) and
// yields the principal whose account the usage counts against.
import type { Request } from 'express';
import type { StrategyCreatedStatic } from 'passport';
import { Strategy } from 'passport-http-bearer';
import { ErrorCode } from '#shared/errors.js';
import { presentedToken } from './tokenTransport.js';
import type { Principal, TokenResolver } from './types.js';

type Verify = (token: string, done: (err: unknown, principal?: Principal | false) => void) => void;

/** Why a request did not authenticate; requireBearer turns it into the error. */
export type BearerFailure = typeof ErrorCode.missingToken | typeof ErrorCode.invalidToken;

export class BearerStrategy extends Strategy<Verify> {
  private readonly verifyToken: Verify;

  constructor(private readonly resolvers: readonly TokenResolver[]) {
    const verify: Verify = (token, done) => {
      firstPrincipal(resolvers, token).then(
        (principal) => done(null, principal ?? false),
        (err: unknown) => done(err),
      );
    };
    super(verify);
    this.verifyToken = verify;
  }

  /**
   * passport-http-bearer reads the header and `access_token` from query and
   * body; §5.1 takes the header or the `token` query parameter instead, so
   * only the finding of the token is replaced, the verify function is the one
   * given at construction.
   */
  override authenticate(req: Request): void {
    // passport calls this on a per-request copy it gave the action functions.
    const actions = this as this & StrategyCreatedStatic;
    const presented = presentedToken(req);
    if (!presented) {
      actions.fail(ErrorCode.missingToken satisfies BearerFailure, 401);
      return;
    }
    this.verifyToken(presented.token, (err, principal) => {
      if (err) actions.error(err);
      else if (principal) actions.success(principal);
      else actions.fail(ErrorCode.invalidToken satisfies BearerFailure, 401);
    });
  }

  /** The principal of a token, for callers without a request. */
  resolve(token: string): Promise<Principal | null> {
    return firstPrincipal(this.resolvers, token);
  }
}

async function firstPrincipal(
  resolvers: readonly TokenResolver[],
  token: string,
): Promise<Principal | null> {
  for (const resolver of resolvers) {
    const principal = await resolver(token);
    if (principal) return principal;
  }
  return null;
}
