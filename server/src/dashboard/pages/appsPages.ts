// OAuth apps: the server's endpoints, list, register (Secret shown once in the
// answer to the POST), rotate the Secret (the old one dies at once) and delete
// (after a confirmation step; its tokens die too).
import { Router, type Request, type Response } from 'express';
import type { Config } from '../../config/config.js';
import type { OAuthServices } from '../../oauth/oauthServices.js';
import { validateRegistration } from '../../oauth/clients/clientMetadata.js';
import {
  AppLimitError,
  MAX_APPS_PER_ACCOUNT,
  type RegisteredClient,
} from '../../oauth/clients/clientService.js';
import type { OAuthClient } from '../../oauth/clients/clientTypes.js';
import { authorizationServerMetadata } from '../../oauth/wire/serverMetadata.js';
import { pageHelpers } from '../../web/pageFormat.js';
import { flash, signedInAccount, type WebLayer } from '../../web/webLayer.js';
import { clientCredentialsCurl, PLACEHOLDER_CREDENTIALS } from './clientCredentialsCurl.js';
import { renderConfirmStep } from './confirmStep.js';

interface AppForm {
  name: string;
  description: string;
  type: string;
  /** How a confidential app sends its secret to the token endpoint. */
  authMethod: string;
  grants: string[];
  redirectUris: string;
}

const APPS_PATH = '/dashboard/apps';

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

export interface AppsPagesDeps {
  oauth: Pick<OAuthServices, 'clients'>;
  config: Pick<Config, 'authUrl' | 'baseUrl'>;
}

export function appsPages(ctx: AppsPagesDeps, web: WebLayer): Router {
  const router = Router();
  const clients = ctx.oauth.clients;
  const metadata = authorizationServerMetadata(ctx.config);
  const endpoints = {
    authorize: metadata.authorization_endpoint,
    token: metadata.token_endpoint,
    clientCredentialsCurl: clientCredentialsCurl(metadata.token_endpoint, PLACEHOLDER_CREDENTIALS),
  };

  /** What the page shows once: the client ID, the Secret and, if the app may, the token call with both. */
  function shownOnce(app: OAuthClient, secret: string) {
    const curl = app.grants.includes('client_credentials')
      ? clientCredentialsCurl(metadata.token_endpoint, { ...app, secret })
      : undefined;
    return { clientId: app.clientId, name: app.name, value: secret, curl };
  }

  async function page(req: Request, res: Response, extra: Record<string, unknown>, code = 200) {
    const apps = await clients.listByOwner(signedInAccount(res).id);
    web.render(
      req,
      res,
      'apps',
      {
        ...pageHelpers,
        nav: 'apps',
        apps: apps.reverse(),
        form: EMPTY_FORM,
        endpoints,
        ...extra,
      },
      code,
    );
  }

  async function ownedApp(req: Request, res: Response): Promise<OAuthClient | null> {
    const app = await clients.findOwned(signedInAccount(res).id, String(req.params.clientId));
    if (!app) {
      flash(req, 'Diese App gibt es nicht.');
      res.redirect(303, APPS_PATH);
    }
    return app;
  }

  router.get(APPS_PATH, web.requireLogin, (req, res) => page(req, res, {}));

  router.post(APPS_PATH, web.requireLogin, ...web.forms, async (req, res) => {
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
      registered = await clients.register(checked.value, signedInAccount(res).id);
    } catch (err) {
      if (!(err instanceof AppLimitError)) throw err;
      const error = `Sie haben bereits ${MAX_APPS_PER_ACCOUNT} Apps registriert, mehr sind nicht möglich. Bitte löschen Sie zuerst eine, die Sie nicht mehr brauchen.`;
      await page(req, res, { form, error }, 409);
      return;
    }
    const { client, secret } = registered;
    // A public app has no Secret: its client ID is in the list below the notice.
    flash(req, `Die App „${client.name}“ ist registriert.`);
    await page(req, res, { secret: secret ? shownOnce(client, secret) : undefined }, 201);
  });

  router.post(
    `${APPS_PATH}/:clientId/rotate-secret`,
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
      await page(req, res, { secret: shownOnce(app, secret) });
    },
  );

  router.get(`${APPS_PATH}/:clientId/delete`, web.requireLogin, async (req, res) => {
    const app = await ownedApp(req, res);
    if (!app) return;
    renderConfirmStep(web, req, res, {
      nav: 'apps',
      title: 'App löschen?',
      subject: `${app.name} (${app.clientId})`,
      message:
        'Alle Tokens der App werden sofort ungültig, auch die der Nutzer, die ihr zugestimmt haben. Eine gelöschte App lässt sich nicht wiederherstellen.',
      action: `${APPS_PATH}/${encodeURIComponent(app.clientId)}/delete`,
      confirmLabel: 'App löschen',
      cancelHref: APPS_PATH,
    });
  });

  router.post(`${APPS_PATH}/:clientId/delete`, web.requireLogin, ...web.forms, async (req, res) => {
    const app = await ownedApp(req, res);
    if (!app) return;
    await clients.delete(app);
    flash(req, `Die App „${app.name}“ und alle ihre Tokens sind gelöscht.`);
    res.redirect(303, APPS_PATH);
  });

  return router;
}
