// The one bearer strategy for every token kind: passport-http-bearer reads the
// Authorization header (RFC 6750 §2.1) and hands the token to one verify
// function, which asks the resolvers it is built with in turn (API keys, then
// OAuth access tokens) for the principal whose account the usage counts against.
import { Strategy } from 'passport-http-bearer';
import type { BearerPrincipal, Principal, TokenResolver } from './types.js';

/** The name the strategy is registered under. */
export const BEARER_STRATEGY = 'bearer';

type Done = (err: unknown, principal?: BearerPrincipal | false) => void;

export function createBearerStrategy(resolvers: readonly TokenResolver[]): Strategy<never> {
  const verify = (token: string, done: Done) => {
    firstPrincipal(resolvers, token).then(
      // The principal keeps its token: the MCP SDK hands it to the tools (AuthInfo.token).
      (principal) => done(null, principal ? { ...principal, token } : false),
      (err: unknown) => done(err),
    );
  };
  return new Strategy({ realm: 'bodenrichtwert' }, verify);
}

/** The principal of the first resolver that knows the token. */
export async function firstPrincipal(
  resolvers: readonly TokenResolver[],
  token: string,
): Promise<Principal | null> {
  for (const resolver of resolvers) {
    const principal = await resolver(token);
    if (principal) return principal;
  }
  return null;
}
