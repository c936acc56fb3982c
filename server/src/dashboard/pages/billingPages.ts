// The billing page (the upgrade_url target): plans with their caps and the
// operator's prices, the current plan and payment state, and booking requests
// for the operator (a request waits until the operator sets the plan).
import { Router } from 'express';
import { PLANS, type Plan } from '#shared/apiTypes.js';
import { PLAN_MONTHLY_CAPS } from '../../accounts/entitlement.js';
import type { PlanRequestRepository } from '../../accounts/planRequestRepository.js';
import type { Config } from '../../config/config.js';
import type { Clock } from '../../time/clock.js';
import { PLAN_NAMES, pageHelpers, paymentText } from '../../web/pageFormat.js';
import { flash, signedInAccount, type WebLayer } from '../../web/webLayer.js';

export const BILLING_PATH = '/dashboard/billing';

const isPlan = (value: unknown): value is Plan => PLANS.includes(value as Plan);

export interface BillingPagesDeps {
  clock: Clock;
  config: Pick<Config, 'paymentGraceDays' | 'planPrices'>;
  planRequests: Pick<PlanRequestRepository, 'latest' | 'record'>;
}

export function billingPages(ctx: BillingPagesDeps, web: WebLayer): Router {
  const router = Router();

  router.get(BILLING_PATH, web.requireLogin, async (req, res) => {
    const account = signedInAccount(res);
    const request = await ctx.planRequests.latest(account.id);
    const confirmed = request?.plan === account.plan;
    web.render(req, res, 'billing', {
      ...pageHelpers,
      nav: 'billing',
      plans: PLANS.map((id) => ({
        id,
        name: PLAN_NAMES[id],
        cap: PLAN_MONTHLY_CAPS[id],
        price: id === 'free' ? 'kostenlos' : ctx.config.planPrices[id],
      })),
      paymentText: paymentText(account, ctx.config.paymentGraceDays),
      request: request && { ...request, confirmed },
      pendingPlan: request && !confirmed ? request.plan : null,
    });
  });

  router.post(BILLING_PATH, web.requireLogin, ...web.forms, async (req, res) => {
    const plan = (req.body as Record<string, unknown>).plan;
    if (!isPlan(plan) || plan === 'free') {
      flash(req, 'Bitte einen der angebotenen Tarife wählen.');
    } else {
      await ctx.planRequests.record(signedInAccount(res).id, plan, ctx.clock());
      flash(
        req,
        `Ihre Anfrage für den Tarif ${PLAN_NAMES[plan]} ist eingegangen. Der Betreiber bestätigt sie; bis dahin gilt Ihr bisheriger Tarif.`,
      );
    }
    res.redirect(303, BILLING_PATH);
  });

  return router;
}
