// GET /.well-known/oauth-authorization-server (RFC 8414): the metadata of
// wire/serverMetadata.ts, cached by clients for five minutes.
import { Router } from 'express';
import type { Config } from '../../config/config.js';
import { apiCors } from '../../http/apiCors.js';
import { authorizationServerMetadata } from '../wire/serverMetadata.js';

export function metadataRouter(config: Pick<Config, 'authUrl' | 'baseUrl'>): Router {
  const router = Router();
  const metadata = authorizationServerMetadata(config);
  router.get('/.well-known/oauth-authorization-server', apiCors, (_req, res) => {
    res.set('Cache-Control', 'public, max-age=300').json(metadata);
  });
  return router;
}
