// POST /oauth/register: RFC 7591 dynamic client registration. Such clients
// belong to no account; their tokens count against the user who consents.
// Public (token_endpoint_auth_method "none", the default) or confidential;
// only the authorization code grant (client_credentials needs an owner).
import express, { Router, type NextFunction, type Request, type Response } from 'express';
import { rateLimit } from 'express-rate-limit';
import { throttleStore, type ThrottleStoreDeps } from '../../web/throttleStore.js';
import { apiCors } from '../../http/apiCors.js';
import type { OAuthServices } from '../oauthServices.js';
import { oauthErrorBody } from '../wire/oauthErrors.js';
import { registrationAnswer } from '../wire/registrationAnswer.js';
import { parseRegistrationRequest } from '../wire/registrationRequest.js';

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
      res
        .status(429)
        .json(
          oauthErrorBody(
            'rate_limit_exceeded',
            `Höchstens ${REGISTRATIONS_PER_HOUR} Registrierungen pro Stunde und IP-Adresse.`,
          ),
        );
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
      const checked = parseRegistrationRequest(req.body);
      if (!checked.ok) {
        metadataError(res, checked.message, checked.error);
        return;
      }
      const { client, secret } = await ctx.oauth.clients.register(checked.value, null);
      res.status(201).json(registrationAnswer(client, secret));
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
