// POST /oauth/revoke (RFC 7009): an app ends a grant with its access or
// refresh token. The app authenticates as at the token endpoint, by the
// method it registered. Unknown, expired and foreign tokens answer 200 like
// revoked ones (RFC 7009 §2.2), so the endpoint reveals nothing.
import { Router, type RequestHandler } from 'express';
import { formEndpoint } from './formEndpoint.js';
import type { OAuthServices } from '../oauthServices.js';
import { oauthErrorBody } from '../wire/oauthErrors.js';
import { presentedClient } from './presentedClient.js';
import { AMBIGUOUS_CLIENT_AUTHENTICATION, invalidClient } from './tokenRouter.js';

export function revokeRouter(
  oauth: Pick<OAuthServices, 'clients' | 'grants'>,
  throttle: RequestHandler,
): Router {
  const router = Router();
  formEndpoint(router, '/oauth/revoke', throttle, async (req, res) => {
    const presented = presentedClient(req);
    if (presented.kind === 'ambiguous') {
      res.status(400).json(oauthErrorBody('invalid_request', AMBIGUOUS_CLIENT_AUTHENTICATION));
      return;
    }
    const client =
      presented.kind === 'client'
        ? await oauth.clients.authenticatePresented(presented.client)
        : null;
    if (!client) {
      invalidClient(res);
      return;
    }
    const token = (req.body as Record<string, unknown> | undefined)?.token;
    if (typeof token !== 'string' || token === '') {
      res.status(400).json(oauthErrorBody('invalid_request', 'Der Parameter token fehlt.'));
      return;
    }
    await oauth.grants.revokeToken(client, token);
    res.status(200).end();
  });
  return router;
}
