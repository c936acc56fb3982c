// Any other path under /dashboard answers with a German page and the
// navigation instead of the API's JSON 404. It needs no login: a signed-in
// account gets the menu, anyone else the link to the overview (and so the login).
import type { RequestHandler } from 'express';
import type { PlatformServices } from '../../accounts/platformServices.js';
import { sessionAccount, type WebLayer } from '../../web/webLayer.js';

export type NotFoundPageDeps = Pick<PlatformServices, 'accounts'>;

export function notFoundPage(ctx: NotFoundPageDeps, web: WebLayer): RequestHandler {
  return async (req, res) => {
    const account = await sessionAccount(req, ctx.accounts);
    if (account) res.locals.account = account;
    const message =
      'Diese Seite gibt es im Kundenbereich nicht. Vielleicht ist der Link veraltet oder unvollständig.';
    web.render(req, res, 'error', { title: 'Seite nicht gefunden', message }, 404);
  };
}
