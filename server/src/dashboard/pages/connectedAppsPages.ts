// "Verbundene Apps": every app the signed-in account let in with OAuth whose
// access still works, and ending that access (every token and pending code
// of the app for this account). Ending asks for confirmation on a page of its
// own first, so it works without JavaScript.
import { Router } from 'express';
import type { OAuthServices } from '../../oauth/oauthServices.js';
import { pageHelpers } from '../../web/pageFormat.js';
import { flash, signedInAccount, type WebLayer } from '../../web/webLayer.js';
import { renderConfirmStep } from './confirmStep.js';

export const CONNECTED_APPS_PATH = '/dashboard/connected';

export interface ConnectedAppsPagesDeps {
  oauth: Pick<OAuthServices, 'grants' | 'clients'>;
}

export function connectedAppsPages(ctx: ConnectedAppsPagesDeps, web: WebLayer): Router {
  const router = Router();
  const { grants, clients } = ctx.oauth;

  router.get(CONNECTED_APPS_PATH, web.requireLogin, async (req, res) => {
    const apps = await grants.connectedApps(signedInAccount(res).id);
    web.render(req, res, 'connected', { ...pageHelpers, nav: 'connected', apps });
  });

  router.get(`${CONNECTED_APPS_PATH}/:clientId/revoke`, web.requireLogin, async (req, res) => {
    const client = await clients.findByClientId(String(req.params.clientId));
    if (!client) {
      flash(req, 'Diese App gibt es nicht.');
      res.redirect(303, CONNECTED_APPS_PATH);
      return;
    }
    renderConfirmStep(web, req, res, {
      nav: 'connected',
      title: 'Zugriff beenden?',
      subject: client.name,
      ...(client.ownerAccountId === null ? { warning: 'nicht verifiziert' } : {}),
      message:
        'Die App verliert sofort jeden Zugriff auf Ihr Konto. Alle ihre Tokens werden ungültig.',
      action: `${CONNECTED_APPS_PATH}/${encodeURIComponent(client.clientId)}/revoke`,
      confirmLabel: 'Zugriff beenden',
      cancelHref: CONNECTED_APPS_PATH,
    });
  });

  router.post(
    `${CONNECTED_APPS_PATH}/:clientId/revoke`,
    web.requireLogin,
    ...web.forms,
    async (req, res) => {
      const client = await grants.revokeGrant(signedInAccount(res).id, String(req.params.clientId));
      flash(
        req,
        client
          ? `Die App „${client.name}“ hat keinen Zugriff mehr auf Ihr Konto.`
          : 'Diese App gibt es nicht.',
      );
      res.redirect(303, CONNECTED_APPS_PATH);
    },
  );

  return router;
}
