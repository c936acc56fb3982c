// GET /dashboard: first steps, plan, trial, usage against the limit, quota state.
import { Router } from 'express';
import type { PlatformServices } from '../../accounts/platformServices.js';
import type { Config } from '../../config/config.js';
import type { Clock } from '../../time/clock.js';
import { pageHelpers, paymentText } from '../../web/pageFormat.js';
import { signedInUser, type WebLayer } from '../../web/webLayer.js';
import { excelManifestServed, firstSteps, KEY_PLACEHOLDER } from './firstSteps.js';

export type OverviewPageDeps = Pick<PlatformServices, 'profiles' | 'apiKeys'> & {
  clock: Clock;
  config: Pick<Config, 'billingUrl' | 'paymentGraceDays' | 'baseUrl'>;
};

export function overviewPage(ctx: OverviewPageDeps, web: WebLayer): Router {
  const router = Router();
  const excelServed = excelManifestServed();
  router.get('/dashboard', web.requireLogin, async (req, res) => {
    const user = signedInUser(res);
    const [profile, keys] = await Promise.all([
      ctx.profiles.getProfile(user.id),
      ctx.apiKeys.list(user.id),
    ]);
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
      steps: firstSteps(ctx.config.baseUrl, keys, ctx.clock(), excelServed),
      keyPlaceholder: KEY_PLACEHOLDER,
    });
  });
  return router;
}
