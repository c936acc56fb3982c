// GET /dashboard: plan, trial, usage against the limit, quota state.
import { Router } from 'express';
import type { AppContext } from '../../context.js';
import { pageHelpers, paymentText } from '../pageFormat.js';
import { signedInUser, type WebLayer } from '../webLayer.js';

export function overviewPage(ctx: AppContext, web: WebLayer): Router {
  const router = Router();
  router.get('/dashboard', web.requireLogin, async (req, res) => {
    const user = signedInUser(res);
    const profile = await ctx.profiles.getProfile(user.id);
    if (!profile) throw new Error(`Signed-in account ${user.id} has no profile`);
    const percent =
      profile.limit === null || profile.limit === 0
        ? 100
        : Math.min(100, Math.round((profile.usage_this_month / profile.limit) * 100));
    web.render(req, res, 'overview', {
      ...pageHelpers,
      nav: 'overview',
      profile,
      percent,
      billingUrl: ctx.config.billingUrl,
      paymentText: paymentText(user, ctx.config.paymentGraceDays),
    });
  });
  return router;
}
