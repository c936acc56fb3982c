// The account figures of /api/me (§2.5): plan, usage this month, trial end;
// and where to get a key.
import { AppError, cellMessage, keyPageLinks, type MeResponse, type Plan } from '#shared/index.js';
import { byId, safeHref, showStatus } from './dom.js';

const PLAN_NAMES: Readonly<Record<Plan, string>> = {
  free: 'Free',
  starter: 'Starter',
  pro: 'Pro',
  enterprise: 'Enterprise',
};

const dateFormat = new Intl.DateTimeFormat('de-DE', {
  dateStyle: 'medium',
  timeZone: 'Europe/Berlin',
});

function planText(me: MeResponse): string {
  const booked = PLAN_NAMES[me.plan];
  return me.effective_plan === me.plan
    ? booked
    : `${PLAN_NAMES[me.effective_plan]} (gebucht: ${booked})`;
}

function usageText(me: MeResponse): string {
  return me.limit === null
    ? `${me.usage_this_month} (unbegrenzt)`
    : `${me.usage_this_month} von ${me.limit}`;
}

function trialText(me: MeResponse): string {
  if (me.trial_expires_at === null) return 'keine';
  const end = dateFormat.format(new Date(me.trial_expires_at));
  return me.trial_active
    ? `bis ${end} (${me.trial_usage} von ${me.trial_limit} Anfragen)`
    : `beendet (${end})`;
}

export async function showAccount(load: () => Promise<MeResponse>): Promise<void> {
  const figures = byId('account');
  const status = byId('account-status');
  const upgrade = byId<HTMLAnchorElement>('account-upgrade');
  showStatus(status, 'Konto wird geladen …');
  try {
    const me = await load();
    byId('account-plan').textContent = planText(me);
    byId('account-usage').textContent = usageText(me);
    byId('account-trial').textContent = trialText(me);
    figures.hidden = false;
    const upgradeUrl = me.quota_exhausted && me.upgrade_url ? safeHref(me.upgrade_url) : undefined;
    upgrade.hidden = upgradeUrl === undefined;
    if (upgradeUrl !== undefined) upgrade.href = upgradeUrl;
    showStatus(status, me.quota_exhausted ? 'Kontingent für diesen Monat aufgebraucht.' : '');
  } catch (error) {
    figures.hidden = true;
    upgrade.hidden = true;
    const message =
      error instanceof AppError ? cellMessage(error, 'excel') : 'Konto nicht abrufbar.';
    showStatus(status, message, true);
  }
}

/** The dashboard's key and sign-up pages; the settings store admits http(s) URLs only. */
export function showKeyLinks(serviceUrl: string): void {
  const links = keyPageLinks(serviceUrl);
  byId<HTMLAnchorElement>('keys-link').href = links.keys;
  byId<HTMLAnchorElement>('signup-link').href = links.signup;
}
