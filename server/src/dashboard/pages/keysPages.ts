// API keys: list, create (value shown once, in the answer to the POST, never
// stored or redirected with) and revoke (after a confirmation step).
import { Router, type Request, type Response } from 'express';
import type { ApiKeyRecord } from '../../apiKeys/apiKeyRepository.js';
import {
  isApiKeyLifetime,
  isKeyActive,
  KeyLimitError,
  MAX_ACTIVE_KEYS,
  MAX_KEY_NAME_LENGTH,
  type CreatedApiKey,
} from '../../apiKeys/apiKeyService.js';
import type { PlatformServices } from '../../accounts/platformServices.js';
import type { Clock } from '../../time/clock.js';
import { pageHelpers } from '../../web/pageFormat.js';
import { flash, signedInAccount, type WebLayer } from '../../web/webLayer.js';
import { renderConfirmStep } from './confirmStep.js';

const KEYS_PATH = '/dashboard/keys';

const LIFETIMES: readonly [string, string][] = [
  ['30d', '30 Tage'],
  ['90d', '90 Tage'],
  ['1y', '1 Jahr'],
  ['unlimited', 'unbegrenzt'],
];

function status(key: ApiKeyRecord, now: Date): string {
  if (isKeyActive(key, now)) return 'aktiv';
  return key.revokedAt ? 'widerrufen' : 'abgelaufen';
}

export type KeysPagesDeps = Pick<PlatformServices, 'apiKeys'> & { clock: Clock };

export function keysPages(ctx: KeysPagesDeps, web: WebLayer): Router {
  const router = Router();

  async function page(req: Request, res: Response, extra: Record<string, unknown>, code = 200) {
    const account = signedInAccount(res);
    const now = ctx.clock();
    const keys = (await ctx.apiKeys.list(account.id)).reverse();
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

  router.get(KEYS_PATH, web.requireLogin, (req, res) => page(req, res, {}));

  router.post(KEYS_PATH, web.requireLogin, ...web.forms, async (req, res) => {
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
      created = await ctx.apiKeys.create(signedInAccount(res).id, name, lifetime);
    } catch (err) {
      if (!(err instanceof KeyLimitError)) throw err;
      const error = `Sie haben bereits ${MAX_ACTIVE_KEYS} aktive Schlüssel, mehr sind nicht möglich. Bitte widerrufen Sie zuerst einen, den Sie nicht mehr brauchen.`;
      await page(req, res, { error }, 409);
      return;
    }
    await page(req, res, { created: { name: created.key.name, value: created.value } }, 201);
  });

  /** The signed-in account's key of the path, or null after sending the browser back to the list. */
  async function ownedKey(req: Request, res: Response): Promise<ApiKeyRecord | null> {
    const key = await ctx.apiKeys.find(String(req.params.id));
    if (key?.accountId === signedInAccount(res).id) return key;
    flash(req, 'Diesen Schlüssel gibt es nicht.');
    res.redirect(303, KEYS_PATH);
    return null;
  }

  router.get(`${KEYS_PATH}/:id/revoke`, web.requireLogin, async (req, res) => {
    const key = await ownedKey(req, res);
    if (!key) return;
    renderConfirmStep(web, req, res, {
      nav: 'keys',
      title: 'Schlüssel widerrufen?',
      subject: `${key.name} (${key.prefix}…)`,
      message:
        'Programme, Arbeitsmappen und Add-ins mit diesem Schlüssel erhalten sofort keine Werte mehr. Ein widerrufener Schlüssel lässt sich nicht wieder aktivieren.',
      action: `${KEYS_PATH}/${encodeURIComponent(key.id)}/revoke`,
      confirmLabel: 'Schlüssel widerrufen',
      cancelHref: KEYS_PATH,
    });
  });

  router.post(`${KEYS_PATH}/:id/revoke`, web.requireLogin, ...web.forms, async (req, res) => {
    const key = await ownedKey(req, res);
    if (!key) return;
    await ctx.apiKeys.revoke(key.id);
    flash(req, `Der Schlüssel „${key.name}“ ist widerrufen.`);
    res.redirect(303, KEYS_PATH);
  });

  return router;
}
