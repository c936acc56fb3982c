// OAuth apps: list, register (secret shown once in the answer to the POST),
// rotate the secret (the old one dies at once) and delete (tokens die too).
import { Router, type Request, type Response } from 'express';
import type { AppContext } from '../../context.js';
import { validateRegistration } from '../../oauth/clients/clientMetadata.js';
import {
  AppLimitError,
  MAX_APPS_PER_ACCOUNT,
  type RegisteredClient,
} from '../../oauth/clients/clientService.js';
import type { OAuthClient } from '../../oauth/clients/clientTypes.js';
import { pageHelpers } from '../pageFormat.js';
import { flash, signedInUser, type WebLayer } from '../webLayer.js';

interface AppForm {
  name: string;
  description: string;
  type: string;
  /** How a confidential app sends its secret to the token endpoint. */
  authMethod: string;
  grants: string[];
  redirectUris: string;
}

const EMPTY_FORM: AppForm = {
  name: '',
  description: '',
  type: 'confidential',
  authMethod: 'client_secret_basic',
  grants: ['authorization_code'],
  redirectUris: '',
};

function readForm(body: Record<string, unknown>): AppForm {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const grants = Array.isArray(body.grants) ? body.grants : [body.grants];
  return {
    name: text(body.name),
    description: text(body.description),
    type: text(body.type),
    authMethod: text(body.auth_method),
    grants: grants.filter((g): g is string => typeof g === 'string'),
    redirectUris: text(body.redirect_uris),
  };
}

export function appsPages(ctx: AppContext, web: WebLayer): Router {
  const router = Router();
  const clients = ctx.oauth.clients;

  async function page(req: Request, res: Response, extra: Record<string, unknown>, code = 200) {
    const apps = await clients.listByOwner(signedInUser(res).id);
    web.render(
      req,
      res,
      'apps',
      { ...pageHelpers, nav: 'apps', apps: apps.reverse(), form: EMPTY_FORM, ...extra },
      code,
    );
  }

  async function ownedApp(req: Request, res: Response): Promise<OAuthClient | null> {
    const app = await clients.findOwned(signedInUser(res).id, String(req.params.clientId));
    if (!app) {
      flash(req, 'Diese App gibt es nicht.');
      res.redirect(303, '/dashboard/apps');
    }
    return app;
  }

  router.get('/dashboard/apps', web.requireLogin, (req, res) => page(req, res, {}));

  router.post('/dashboard/apps', web.requireLogin, ...web.forms, async (req, res) => {
    const form = readForm(req.body as Record<string, unknown>);
    const checked = validateRegistration({
      name: form.name,
      description: form.description,
      type: form.type,
      ...(form.type === 'confidential' && form.authMethod !== ''
        ? { authMethod: form.authMethod }
        : {}),
      grants: form.grants,
      redirectUris: form.redirectUris.split(/\r?\n/),
    });
    if (!checked.ok) {
      await page(req, res, { form, error: checked.message }, 400);
      return;
    }
    let registered: RegisteredClient;
    try {
      registered = await clients.register(checked.value, signedInUser(res).id);
    } catch (err) {
      if (!(err instanceof AppLimitError)) throw err;
      const error = `Sie haben bereits ${MAX_APPS_PER_ACCOUNT} Apps registriert, mehr sind nicht möglich. Bitte löschen Sie zuerst eine, die Sie nicht mehr brauchen.`;
      await page(req, res, { form, error }, 409);
      return;
    }
    const { client, secret } = registered;
    const shown = secret
      ? { clientId: client.clientId, name: client.name, value: secret }
      : undefined;
    flash(req, `Die App „${client.name}“ ist registriert. Client-ID: ${client.clientId}`);
    await page(req, res, { secret: shown }, 201);
  });

  router.post(
    '/dashboard/apps/:clientId/rotate-secret',
    web.requireLogin,
    ...web.forms,
    async (req, res) => {
      const app = await ownedApp(req, res);
      if (!app) return;
      if (app.type !== 'confidential') {
        await page(req, res, { error: 'Öffentliche Apps haben kein Secret.' }, 400);
        return;
      }
      const secret = await clients.rotateSecret(app);
      flash(req, `Neues Secret für „${app.name}“: das bisherige gilt ab sofort nicht mehr.`);
      await page(req, res, { secret: { clientId: app.clientId, name: app.name, value: secret } });
    },
  );

  router.post(
    '/dashboard/apps/:clientId/delete',
    web.requireLogin,
    ...web.forms,
    async (req, res) => {
      const app = await ownedApp(req, res);
      if (!app) return;
      await clients.delete(app);
      flash(req, `Die App „${app.name}“ und alle ihre Tokens sind gelöscht.`);
      res.redirect(303, '/dashboard/apps');
    },
  );

  return router;
}
