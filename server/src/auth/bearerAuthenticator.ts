// One passport-http-bearer strategy for every token kind: it asks the
// registered resolvers in turn (API keys here, OAuth access tokens from the
// OAuth module) and yields the principal whose account the usage counts against.
import passport from 'passport';
import { Strategy as BearerStrategy } from 'passport-http-bearer';
import type { Principal, TokenResolver } from './types.js';

export class BearerAuthenticator {
  private readonly resolvers: TokenResolver[] = [];
  private readonly passport = new passport.Authenticator();

  constructor() {
    this.passport.use(
      new BearerStrategy((token, done) => {
        this.resolve(token).then(
          (principal) => done(null, principal ?? false),
          (err: unknown) => done(err),
        );
      }),
    );
  }

  registerTokenResolver(resolver: TokenResolver): void {
    this.resolvers.push(resolver);
  }

  /**
   * Runs the strategy for one token. The strategy sees a request holding only
   * that token in its header: passport-http-bearer would otherwise also read
   * `access_token` from the query and body, which our transport rules exclude.
   */
  authenticate(token: string): Promise<Principal | null> {
    const request = { headers: { authorization: `Bearer ${token}` }, query: {}, body: {} };
    return new Promise((resolve, reject) => {
      const middleware = this.passport.authenticate(
        'bearer',
        { session: false },
        (err: unknown, principal: Principal | false) => {
          if (err) reject(err instanceof Error ? err : new Error(String(err)));
          else resolve(principal || null);
        },
      ) as (req: unknown, res: unknown, next: (err?: unknown) => void) => void;
      middleware(request, {}, reject);
    });
  }

  private async resolve(token: string): Promise<Principal | null> {
    for (const resolver of this.resolvers) {
      const principal = await resolver(token);
      if (principal) return principal;
    }
    return null;
  }
}
