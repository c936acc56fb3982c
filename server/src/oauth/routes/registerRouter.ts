// POST /oauth/register: RFC 7591 dynamic client registration. Such clients
// belong to no account; their tokens count against the user who consents.
// Public (token_endpoint_auth_method "none", the default) or confidential;
// only the authorization code grant (client_credentials needs an owner).
import express, { Router, type NextFunction, type Request, type Response } from 'express';
import { rateLimit } from 'express-rate-limit';
import { throttleStore, type ThrottleStoreDeps } from '../../web/throttleStore.js';
import { apiCors } from '../../http/apiCors.js';
import { validateRegistration } from '../clients/clientMetadata.js';
import type { OAuthServices } from '../oauthServices.js';
import { TOKEN_AUTH_METHODS, type TokenAuthMethod } from '../clients/clientTypes.js';
import { oauthErrorBody } from './oauthErrors.js';

const GRANT_TYPES = ['authorization_code', 'refresh_token'];
export const REGISTRATIONS_PER_HOUR = 20;

function metadataError(res: Response, message: string, error = 'invalid_client_metadata') {
  res.status(400).json(oauthErrorBody(error, message));
}

export type RegisterRouterDeps = ThrottleStoreDeps & { oauth: Pick<OAuthServices, 'clients'> };

export function registerRouter(ctx: RegisterRouterDeps): Router {
  const router = Router();
  const throttle = rateLimit({
    windowMs: 3600_000,
    limit: REGISTRATIONS_PER_HOUR,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    identifier: 'client-registration',
    handler: (_req, res) => {
      res.status(429).json({
        error: 'rate_limit_exceeded',
        error_description: `Höchstens ${REGISTRATIONS_PER_HOUR} Registrierungen pro Stunde und IP-Adresse.`,
      });
    },
    ...(ctx.redis ? { store: throttleStore(ctx, 'register') } : {}),
  });

  router.options('/oauth/register', apiCors);
  router.post(
    '/oauth/register',
    apiCors,
    throttle,
    express.json({ limit: '16kb' }),
    async (req: Request, res: Response) => {
      res.set('Cache-Control', 'no-store');
      const body: unknown = req.body;
      if (typeof body !== 'object' || body === null || Array.isArray(body)) {
        metadataError(res, 'Erwartet wird ein JSON-Objekt (application/json).');
        return;
      }
      const meta = body as Record<string, unknown>;
      const method = meta.token_endpoint_auth_method ?? 'none';
      if (!TOKEN_AUTH_METHODS.includes(method as TokenAuthMethod)) {
        metadataError(
          res,
          `token_endpoint_auth_method muss einer von ${TOKEN_AUTH_METHODS.join(', ')} sein.`,
        );
        return;
      }
      const grantTypes = meta.grant_types ?? GRANT_TYPES;
      if (
        !Array.isArray(grantTypes) ||
        !grantTypes.includes('authorization_code') ||
        grantTypes.some((g) => !GRANT_TYPES.includes(g as string))
      ) {
        metadataError(res, 'grant_types: registrierbar sind authorization_code und refresh_token.');
        return;
      }
      const responseTypes = meta.response_types ?? ['code'];
      if (!Array.isArray(responseTypes) || responseTypes.some((t) => t !== 'code')) {
        metadataError(res, 'response_types: nur code wird unterstützt.');
        return;
      }
      const checked = validateRegistration({
        name: meta.client_name,
        type: method === 'none' ? 'public' : 'confidential',
        authMethod: method,
        grants: ['authorization_code'],
        redirectUris: meta.redirect_uris,
      });
      if (!checked.ok) {
        metadataError(res, checked.message, checked.error);
        return;
      }
      const { client, secret } = await ctx.oauth.clients.register(checked.value, null);
      res.status(201).json({
        client_id: client.clientId,
        client_id_issued_at: Math.floor(client.createdAt.getTime() / 1000),
        ...(secret ? { client_secret: secret, client_secret_expires_at: 0 } : {}),
        client_name: client.name,
        redirect_uris: client.redirectUris,
        grant_types: GRANT_TYPES,
        response_types: ['code'],
        token_endpoint_auth_method: client.authMethod,
      });
    },
  );
  // A body that is not JSON is a metadata problem in RFC 7591 terms, not a 500.
  router.use(
    '/oauth/register',
    (err: unknown, _req: Request, res: Response, next: NextFunction) => {
      if (res.headersSent) return next(err);
      if ((err as { type?: unknown }).type === undefined) return next(err);
      metadataError(res, 'Der Anfragekörper ist kein gültiges JSON oder zu groß.');
    },
  );
  return router;
}
