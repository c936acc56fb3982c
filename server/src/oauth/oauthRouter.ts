// Every OAuth 2.0 endpoint: authorization (with login and consent), token,
// dynamic registration and the RFC 8414 metadata.
import { Router } from 'express';
import type { AppContext } from '../context.js';
import type { WebLayer } from '../dashboard/webLayer.js';
import { authorizeRouter } from './authorize/authorizeRouter.js';
import { metadataRouter } from './routes/metadataRouter.js';
import { registerRouter } from './routes/registerRouter.js';
import { tokenRouter } from './routes/tokenRouter.js';

export function oauthRouter(ctx: AppContext, web: WebLayer): Router {
  const router = Router();
  router.use(metadataRouter(ctx.config));
  router.use(tokenRouter(ctx.oauth.servers));
  router.use(registerRouter(ctx));
  router.use(authorizeRouter(ctx, web));
  return router;
}
