// GET /oauth/authorize checks the request, sends the browser to the login if
// needed and shows the consent page naming the app; POST /oauth/authorize
// takes the decision (buttons `decision=allow|deny`) and lets the library
// issue the code or the access_denied redirect, to which `iss` is added
// (RFC 9207).
import { Router, type Request, type Response } from 'express';
import type { Config } from '../../config/config.js';
import { signedInAccount, type WebLayer } from '../../web/webLayer.js';
import type { GrantUser } from '../grants/grantStorage.js';
import type { OAuthServices } from '../oauthServices.js';
import { libraryRequest } from '../routes/tokenRouter.js';
import { checkAuthorizationRequest, type AuthorizationRequest } from './authorizationRequest.js';
import { allowFormRedirectTo } from './consentPolicy.js';

export interface AuthorizeRouterDeps {
  oauth: Pick<OAuthServices, 'clients' | 'servers'>;
  config: Pick<Config, 'authUrl'>;
}

export function authorizeRouter(ctx: AuthorizeRouterDeps, web: WebLayer): Router {
  const router = Router();
  const { clients } = ctx.oauth;
  const issuer = ctx.config.authUrl;

  /** The checked request, or null when an answer (page or redirect) was sent. */
  async function checked(req: Request, res: Response, params: Record<string, unknown>) {
    const clientId = typeof params.client_id === 'string' ? params.client_id : '';
    const check = checkAuthorizationRequest(params, await clients.findByClientId(clientId), issuer);
    if (check.kind === 'ok') return check.request;
    if (check.kind === 'redirect') res.redirect(303, check.location);
    else
      web.render(
        req,
        res,
        'error',
        { title: 'Anmeldung nicht möglich', message: check.message },
        400,
      );
    return null;
  }

  router.get('/oauth/authorize', ...web.session, async (req, res) => {
    const request = await checked(req, res, req.query);
    if (!request) return;
    await web.requireLogin(req, res, () => {
      allowFormRedirectTo(res, request.redirectUri);
      web.render(req, res, 'consent', {
        client: request.client,
        verified: request.client.ownerAccountId !== null,
        params: request.params,
        redirectOrigin: new URL(request.redirectUri).origin,
      });
    });
  });

  router.post(
    '/oauth/authorize',
    ...web.session,
    ...web.forms,
    web.requireLogin,
    async (req, res) => {
      const body = req.body as Record<string, unknown>;
      const request = await checked(req, res, body);
      if (!request) return;
      await decide(req, res, request, body.decision === 'allow');
    },
  );

  async function decide(
    req: Request,
    res: Response,
    request: AuthorizationRequest,
    allowed: boolean,
  ) {
    const owner: GrantUser = {
      id: signedInAccount(res).id,
      kind: 'oauth_user',
      boundRedirectUri: request.boundRedirectUri,
    };
    const { authorize, library } = await ctx.oauth.servers();
    const { OAuthError } = library;
    const response = new library.Response();
    // The library redirects to the URI it is given: the canonical match.
    const params = { ...request.params, redirect_uri: request.redirectUri };
    try {
      await authorize.authorize(
        libraryRequest(library, req, { ...params, allowed: String(allowed) }),
        response,
        { authenticateHandler: { handle: () => owner } },
      );
    } catch (err) {
      // access_denied and other client errors go back to the app; a server
      // error must not carry its internals into the redirect.
      if (!(err instanceof OAuthError) || err.code >= 500 || !response.get('location')) {
        const cause: unknown =
          err instanceof OAuthError ? ((err as { inner?: unknown }).inner ?? err) : err;
        req.log.error({ err: cause }, 'authorization failed');
        web.render(
          req,
          res,
          'error',
          {
            title: 'Fehler',
            message: 'Die Anmeldung ist fehlgeschlagen. Bitte versuchen Sie es später erneut.',
          },
          500,
        );
        return;
      }
    }
    const location = new URL(String(response.get('location')));
    location.searchParams.set('iss', issuer);
    res.redirect(303, location.toString());
  }

  return router;
}
