// German wording shared by the pages: plan names, dates, payment state.
import type { Plan } from '#shared/apiTypes.js';
import { TRIAL_DAYS, TRIAL_LIMIT } from '../accounts/entitlement.js';
import type { Account } from '../accounts/accountRepository.js';

export const PLAN_NAMES: Readonly<Record<Plan, string>> = {
  free: 'Free',
  starter: 'Starter',
  pro: 'Pro',
  enterprise: 'Enterprise',
};

const dateTime = new Intl.DateTimeFormat('de-DE', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Europe/Berlin',
});

export function formatDate(value: Date | string): string {
  return dateTime.format(new Date(value));
}

export function paymentText(account: Account, graceDays: number): string {
  if (account.paymentStatus !== 'past_due' || !account.pastDueSince) return 'in Ordnung';
  const blockedFrom = new Date(account.pastDueSince.getTime() + graceDays * 86_400_000);
  return `Zahlung offen seit ${formatDate(account.pastDueSince)}; Abfragen werden ab ${formatDate(blockedFrom)} gesperrt`;
}

/** Helpers every page template may call. */
export const pageHelpers = {
  formatDate,
  planNames: PLAN_NAMES,
  trial: { days: TRIAL_DAYS, limit: TRIAL_LIMIT },
};
