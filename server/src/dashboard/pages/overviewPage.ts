// GET /dashboard: first steps, plan, trial, usage against the limit, quota state.
import { Router } from 'express';
import type { PlatformServices } from '../../accounts/platformServices.js';
import type { Config } from '../../config/config.js';
import type { Clock } from '../../time/clock.js';
import { pageHelpers, paymentText } from '../../web/pageFormat.js';
import { signedInAccount, type WebLayer } from '../../web/webLayer.js';
import { excelManifestServed, firstSteps, KEY_PLACEHOLDER } from './firstSteps.js';

export type OverviewPageDeps = Pick<PlatformServices, 'profiles' | 'apiKeys'> & {
  clock: Clock;
  config: Pick<Config, 'billingUrl' | 'paymentGraceDays' | 'baseUrl'>;
};

export function overviewPage(ctx: OverviewPageDeps, web: WebLayer): Router {
  const router = Router();
  const excelServed = excelManifestServed();
  router.get('/dashboard', web.requireLogin, async (req, res) => {
    const account = signedInAccount(res);
    const [profile, keys] = await Promise.all([
      ctx.profiles.getProfile(account.id),
      ctx.apiKeys.list(account.id),
    ]);
    if (!profile) throw new Error(`Signed-in account ${account.id} has no profile`);
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
      paymentText: paymentText(account, ctx.config.paymentGraceDays),
      steps: firstSteps(ctx.config.baseUrl, keys, ctx.clock(), excelServed),
      keyPlaceholder: KEY_PLACEHOLDER,
    });
  });
  return router;
}
