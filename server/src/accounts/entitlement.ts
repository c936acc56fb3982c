// What an account may do right now (§2.5, §3, §8), as a pure function of the
// account and the clock. /api/me and the quota check both read it, so the
// profile always predicts the next lookup's answer.
import type { LimitReason, Plan } from '#shared/apiTypes.js';
import type { Account } from './accountRepository.js';

export const TRIAL_DAYS = 14;
export const TRIAL_LIMIT = 100;

/** Monthly hard caps by booked plan; null means unlimited. */
export const PLAN_MONTHLY_CAPS: Readonly<Record<Plan, number | null>> = {
  free: 0,
  starter: 50,
  pro: 500,
  enterprise: null,
};

/**
 * Failing lookups (404 no_data, 404 address_not_found) free in a month at
 * least: they cost the geocoder and the state services like answered ones,
 * so past max(this, the month's limit) a failing lookup counts.
 */
export const MIN_FREE_FAILED_LOOKUPS = 100;

/** A booked plan used up its monthly cap (our addition to the two reasons of §2.6). */
export const MONTHLY_LIMIT_REASON = 'monthly_limit_reached' satisfies LimitReason;

export interface Entitlement {
  /** The trial window has not ended (it may be exhausted). */
  trialRunning: boolean;
  /** Running and not exhausted: lookups count against the trial cap. */
  trialActive: boolean;
  effectivePlan: Plan;
  /** Effective hard cap of the billing month; null: unlimited. */
  monthlyLimit: number | null;
}

export function entitlementOf(account: Account, now: Date): Entitlement {
  const trialRunning = account.trialExpiresAt !== null && account.trialExpiresAt > now;
  const trialActive = trialRunning && account.trialUsage < TRIAL_LIMIT;
  return {
    trialRunning,
    trialActive,
    effectivePlan: trialActive ? 'pro' : account.plan,
    monthlyLimit: trialActive ? TRIAL_LIMIT : PLAN_MONTHLY_CAPS[account.plan],
  };
}

/** How many failing lookups stay free this month; null: all (no cap). */
export function freeFailedLookups(entitlement: Entitlement): number | null {
  const limit = entitlement.monthlyLimit;
  return limit === null ? null : Math.max(MIN_FREE_FAILED_LOOKUPS, limit);
}

/** Why a lookup is refused once the effective cap is reached. */
export function limitReason(account: Account, entitlement: Entitlement): LimitReason {
  if (account.plan !== 'free') return MONTHLY_LIMIT_REASON;
  return entitlement.trialRunning ? 'trial_exhausted' : 'no_active_plan';
}

/** Whether the next lookup gets 402 limit_reached, given the month's count. */
export function quotaExhausted(account: Account, entitlement: Entitlement, usageThisMonth: number) {
  if (entitlement.trialActive) return false;
  const cap = PLAN_MONTHLY_CAPS[account.plan];
  return cap !== null && usageThisMonth >= cap;
}

const DAY_MS = 86_400_000;

export function paymentBlocked(account: Account, now: Date, graceDays: number): boolean {
  if (account.paymentStatus !== 'past_due' || !account.pastDueSince) return false;
  return now.getTime() >= account.pastDueSince.getTime() + graceDays * DAY_MS;
}
