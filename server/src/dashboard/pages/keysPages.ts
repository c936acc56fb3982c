// API keys: list, create (value shown once, in the answer to the POST, never
// stored or redirected with) and revoke.
import { Router, type Request, type Response } from 'express';
import type { ApiKeyRecord } from '../../apiKeys/apiKeyRepository.js';
import {
  isApiKeyLifetime,
  KeyLimitError,
  MAX_ACTIVE_KEYS,
  MAX_KEY_NAME_LENGTH,
  type CreatedApiKey,
} from '../../apiKeys/apiKeyService.js';
import type { AppContext } from '../../context.js';
import { pageHelpers } from '../pageFormat.js';
import { flash, signedInUser, type WebLayer } from '../webLayer.js';

const LIFETIMES: readonly [string, string][] = [
  ['30d', '30 Tage'],
  ['90d', '90 Tage'],
  ['1y', '1 Jahr'],
  ['unlimited', 'unbegrenzt'],
];

function status(key: ApiKeyRecord, now: Date): string {
  if (key.revokedAt) return 'widerrufen';
  if (key.expiresAt && key.expiresAt <= now) return 'abgelaufen';
  return 'aktiv';
}

export function keysPages(ctx: AppContext, web: WebLayer): Router {
  const router = Router();

  async function page(req: Request, res: Response, extra: Record<string, unknown>, code = 200) {
    const user = signedInUser(res);
    const now = ctx.clock();
    const keys = (await ctx.apiKeys.list(user.id)).reverse();
    web.render(
      req,
      res,
      'keys',
      {
        ...pageHelpers,
        keys: keys.map((key) => ({ ...key, status: status(key, now) })),
        lifetimes: LIFETIMES,
        ...extra,
      },
      code,
    );
  }

  router.get('/dashboard/keys', web.requireLogin, (req, res) => page(req, res, {}));

  router.post('/dashboard/keys', web.requireLogin, ...web.forms, async (req, res) => {
    const body = req.body as Record<string, unknown>;
    const name = typeof body.name === 'string' ? body.name.trim() : '';
    const lifetime = typeof body.lifetime === 'string' ? body.lifetime : '';
    if (name === '' || name.length > MAX_KEY_NAME_LENGTH || !isApiKeyLifetime(lifetime)) {
      await page(
        req,
        res,
        {
          error: `Bitte einen Namen (1 bis ${MAX_KEY_NAME_LENGTH} Zeichen) und eine Gültigkeit wählen.`,
        },
        400,
      );
      return;
    }
    let created: CreatedApiKey;
    try {
      created = await ctx.apiKeys.create(signedInUser(res).id, name, lifetime);
    } catch (err) {
      if (!(err instanceof KeyLimitError)) throw err;
      const error = `Sie haben bereits ${MAX_ACTIVE_KEYS} aktive Schlüssel, mehr sind nicht möglich. Bitte widerrufen Sie zuerst einen, den Sie nicht mehr brauchen.`;
      await page(req, res, { error }, 409);
      return;
    }
    await page(req, res, { created: { name: created.key.name, value: created.value } }, 201);
  });

  router.post('/dashboard/keys/:id/revoke', web.requireLogin, ...web.forms, async (req, res) => {
    const key = await ctx.apiKeys.find(String(req.params.id));
    if (key?.userId !== signedInUser(res).id) {
      flash(req, 'Diesen Schlüssel gibt es nicht.');
    } else {
      await ctx.apiKeys.revoke(key.id);
      flash(req, `Der Schlüssel „${key.name}“ ist widerrufen.`);
    }
    res.redirect(303, '/dashboard/keys');
  });

  return router;
}
