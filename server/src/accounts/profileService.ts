// The caller's profile for GET /api/me (§2.5): every field always present.
import type { MeResponse } from '#shared/apiTypes.js';
import type { Clock } from '../time/clock.js';
import { billingMonth } from './billingMonth.js';
import type { DistinctLookupRepository } from './distinctLookupRepository.js';
import { TRIAL_LIMIT, entitlementOf, freeFailedLookups, quotaExhausted } from './entitlement.js';
import type { UsageRepository } from './usageRepository.js';
import type { AccountRepository } from './accountRepository.js';

export class ProfileService {
  constructor(
    private readonly accounts: AccountRepository,
    private readonly usage: UsageRepository,
    private readonly distinct: DistinctLookupRepository,
    private readonly clock: Clock,
    private readonly billingUrl: string,
  ) {}

  /** Null when the account does not exist. */
  async getProfile(accountId: string): Promise<MeResponse | null> {
    const now = this.clock();
    const account = await this.accounts.findById(accountId);
    if (!account) return null;
    const period = billingMonth(now);
    const [month, distinctLookups] = await Promise.all([
      this.usage.month(account.id, period),
      this.distinct.count(account.id, period),
    ]);
    const usageThisMonth = month.lookups;
    const entitlement = entitlementOf(account, now);
    const exhausted = quotaExhausted(account, entitlement, usageThisMonth);
    return {
      id: account.id,
      plan: account.plan,
      effective_plan: entitlement.effectivePlan,
      usage_this_month: usageThisMonth,
      distinct_lookups_this_month: distinctLookups,
      failed_lookups_this_month: month.failedLookups,
      free_failed_lookups: freeFailedLookups(entitlement),
      limit: entitlement.monthlyLimit,
      quota_exhausted: exhausted,
      upgrade_url: exhausted ? this.billingUrl : null,
      trial_expires_at: account.trialExpiresAt?.toISOString() ?? null,
      trial_usage: account.trialUsage,
      trial_limit: TRIAL_LIMIT,
      trial_active: entitlement.trialActive,
    };
  }
}
