// POST /oauth/token: the library handles the grants; this edge wraps
// Express's req/res in the library's Request/Response, copies status,
// headers and body back, and shapes every answer: Cache-Control: no-store,
// token_type "bearer", German error texts, invalid_client always 401 with a
// Basic challenge. Before the library runs, the client must use the token
// endpoint authentication method it registered.
import type OAuth2Server from '@node-oauth/oauth2-server';
import { Router, type Request, type RequestHandler, type Response } from 'express';
import { formEndpoint } from './formEndpoint.js';
import type { OAuthClientService } from '../clients/clientService.js';
import { ACCESS_TOKEN_SECONDS, type LoadOAuthServers } from '../grants/oauthServers.js';
import { oauthErrorBody } from '../wire/oauthErrors.js';
import { presentedClient } from './presentedClient.js';

const GRANT_TYPES = new Set(['authorization_code', 'refresh_token', 'client_credentials']);

export function libraryRequest(
  library: typeof OAuth2Server,
  req: Request,
  body: Record<string, unknown>,
) {
  return new library.Request({
    headers: req.headers as Record<string, string>,
    method: req.method,
    query: req.query as Record<string, string>,
    body,
  });
}

function successBody(body: Record<string, unknown>) {
  return {
    access_token: body.access_token,
    token_type: 'bearer',
    // The library floors the remaining milliseconds, which would say 3599.
    expires_in: ACCESS_TOKEN_SECONDS,
    ...(typeof body.refresh_token === 'string' ? { refresh_token: body.refresh_token } : {}),
  };
}

export const AMBIGUOUS_CLIENT_AUTHENTICATION =
  'Die App darf sich nur auf eine Art authentifizieren (Basic oder Formularfelder).';

/** 401 invalid_client with the Basic challenge (RFC 6749 §5.2). */
export function invalidClient(res: Response): void {
  res
    .status(401)
    .set('WWW-Authenticate', 'Basic realm="bodenrichtwert", charset="UTF-8"')
    .json(oauthErrorBody('invalid_client'));
}

/**
 * Refuses two authentication methods at once, and a known client using
 * another method than it registered; the library checks the secret itself.
 */
async function usesRegisteredMethod(
  req: Request,
  res: Response,
  clients: Pick<OAuthClientService, 'findByClientId'>,
): Promise<boolean> {
  const presented = presentedClient(req);
  if (presented.kind === 'ambiguous') {
    res.status(400).json(oauthErrorBody('invalid_request', AMBIGUOUS_CLIENT_AUTHENTICATION));
    return false;
  }
  if (presented.kind === 'none') return true;
  const client = await clients.findByClientId(presented.client.clientId);
  if (client && client.authMethod !== presented.client.method) {
    invalidClient(res);
    return false;
  }
  return true;
}

export function tokenRouter(
  loadServers: LoadOAuthServers,
  clients: Pick<OAuthClientService, 'findByClientId'>,
  throttle: RequestHandler,
): Router {
  const router = Router();
  formEndpoint(router, '/oauth/token', throttle, async (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    // The library would ask for client credentials before looking at the grant type.
    if (typeof body.grant_type !== 'string' || !GRANT_TYPES.has(body.grant_type)) {
      const missing = body.grant_type === undefined;
      res.status(400).json(oauthErrorBody(missing ? 'invalid_request' : 'unsupported_grant_type'));
      return;
    }
    if (!(await usesRegisteredMethod(req, res, clients))) return;
    const { token, library } = await loadServers();
    const response = new library.Response();
    try {
      await token.token(libraryRequest(library, req, body), response);
      res.status(200).json(successBody(response.body as Record<string, unknown>));
    } catch (err) {
      if (!(err instanceof library.OAuthError) || err.code >= 500) {
        req.log.error({ err }, 'token endpoint failed');
        res.status(500).json(oauthErrorBody('server_error'));
        return;
      }
      if (err.name === 'invalid_client') invalidClient(res);
      else res.status(err.code).json(oauthErrorBody(err.name));
    }
  });
  return router;
}
