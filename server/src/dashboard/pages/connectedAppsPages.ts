// "Verbundene Apps": every app the signed-in user let in with OAuth whose
// access still works, and ending that access (every token and pending code
// of the app for this user). Ending asks for confirmation on a page of its
// own first, so it works without JavaScript.
import { Router } from 'express';
import type { AppContext } from '../../context.js';
import { pageHelpers } from '../pageFormat.js';
import { flash, signedInUser, type WebLayer } from '../webLayer.js';

export const CONNECTED_APPS_PATH = '/dashboard/connected';

export function connectedAppsPages(ctx: Pick<AppContext, 'oauth'>, web: WebLayer): Router {
  const router = Router();
  const { grants, clients } = ctx.oauth;

  router.get(CONNECTED_APPS_PATH, web.requireLogin, async (req, res) => {
    const apps = await grants.connectedApps(signedInUser(res).id);
    web.render(req, res, 'connected', { ...pageHelpers, nav: 'connected', apps });
  });

  router.get(`${CONNECTED_APPS_PATH}/:clientId/revoke`, web.requireLogin, async (req, res) => {
    const client = await clients.findByClientId(String(req.params.clientId));
    if (!client) {
      flash(req, 'Diese App gibt es nicht.');
      res.redirect(303, CONNECTED_APPS_PATH);
      return;
    }
    web.render(req, res, 'connectedRevoke', { nav: 'connected', client });
  });

  router.post(
    `${CONNECTED_APPS_PATH}/:clientId/revoke`,
    web.requireLogin,
    ...web.forms,
    async (req, res) => {
      const client = await grants.revokeGrant(signedInUser(res).id, String(req.params.clientId));
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
