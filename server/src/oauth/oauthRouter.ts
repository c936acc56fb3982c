// Every OAuth 2.0 endpoint: authorization (with login and consent), token,
// revocation, dynamic registration and the RFC 8414 metadata.
import { Router } from 'express';
import type { Config } from '../config/config.js';
import type { ThrottleStoreDeps } from '../web/throttleStore.js';
import type { WebLayer } from '../web/webLayer.js';
import { authorizeRouter } from './authorize/authorizeRouter.js';
import type { OAuthServices } from './oauthServices.js';
import { metadataRouter } from './routes/metadataRouter.js';
import { registerRouter } from './routes/registerRouter.js';
import { revokeRouter } from './routes/revokeRouter.js';
import { tokenRouter } from './routes/tokenRouter.js';
import { tokenThrottle } from './routes/tokenThrottle.js';

export type OAuthRouterDeps = ThrottleStoreDeps & {
  oauth: Pick<OAuthServices, 'clients' | 'servers' | 'grants'>;
  config: Pick<Config, 'authUrl' | 'baseUrl' | 'rateLimitPerMinute'>;
};

export function oauthRouter(ctx: OAuthRouterDeps, web: WebLayer): Router {
  const router = Router();
  router.use(metadataRouter(ctx.config));
  const throttle = tokenThrottle(ctx);
  router.use(tokenRouter(ctx.oauth.servers, ctx.oauth.clients, throttle));
  router.use(revokeRouter(ctx.oauth, throttle));
  router.use(registerRouter(ctx));
  router.use(authorizeRouter(ctx, web));
  return router;
}
