// The caller's profile for GET /api/me (§2.5): every field always present.
import type { MeResponse } from '#shared/apiTypes.js';
import type { Clock } from '../time/clock.js';
import { billingMonth } from './billingMonth.js';
import type { DistinctLookupRepository } from './distinctLookupRepository.js';
import { TRIAL_LIMIT, entitlementOf, quotaExhausted } from './entitlement.js';
import type { UsageRepository } from './usageRepository.js';
import type { AccountRepository } from './accountRepository.js';

export class ProfileService {
  constructor(
    private readonly users: AccountRepository,
    private readonly usage: UsageRepository,
    private readonly distinct: DistinctLookupRepository,
    private readonly clock: Clock,
    private readonly billingUrl: string,
  ) {}

  /** Null when the account does not exist. */
  async getProfile(accountId: string): Promise<MeResponse | null> {
    const now = this.clock();
    const user = await this.users.findById(accountId);
    if (!user) return null;
    const period = billingMonth(now);
    const [usageThisMonth, distinctLookups] = await Promise.all([
      this.usage.lookups(user.id, period),
      this.distinct.count(user.id, period),
    ]);
    const entitlement = entitlementOf(user, now);
    const exhausted = quotaExhausted(user, entitlement, usageThisMonth);
    return {
      id: user.id,
      plan: user.plan,
      effective_plan: entitlement.effectivePlan,
      usage_this_month: usageThisMonth,
      distinct_lookups_this_month: distinctLookups,
      limit: entitlement.monthlyLimit,
      quota_exhausted: exhausted,
      upgrade_url: exhausted ? this.billingUrl : null,
      trial_expires_at: user.trialExpiresAt?.toISOString() ?? null,
      trial_usage: user.trialUsage,
      trial_limit: TRIAL_LIMIT,
      trial_active: entitlement.trialActive,
    };
  }
}
