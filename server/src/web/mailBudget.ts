// The account mails anyone can trigger for any address (sign-up and password
// reset) are bounded per mailbox: at most MAILS_PER_MAILBOX an hour for both
// together, so nobody can flood an inbox (or keep replacing the reset link
// its owner is about to open) by repeating the forms from many IPs or with
// plus-addresses of one mailbox. Past the budget the forms answer the same
// page and send nothing. Counted in the throttle store: shared by every
// instance with REDIS_URL, per instance without.
import { normaliseEmail } from '../accounts/accountService.js';
import { mailboxOf } from '#shared/mailbox.js';
import { throttleCounter, throttleKey, type ThrottleStoreDeps } from './throttleStore.js';

export const MAILS_PER_MAILBOX = 3;
export const MAIL_BUDGET_WINDOW_MS = 3600_000;

export interface MailBudget {
  /** Counts one mail to the address's mailbox; false when the hour's budget is spent. */
  take(email: string): Promise<boolean>;
}

export function createMailBudget(ctx: ThrottleStoreDeps, secret: string): MailBudget {
  const sent = throttleCounter(ctx, 'mail-mailbox', MAIL_BUDGET_WINDOW_MS);
  return {
    async take(email) {
      const key = throttleKey(secret, 'mailbox', mailboxOf(normaliseEmail(email)));
      return (await sent.increment(key)).totalHits <= MAILS_PER_MAILBOX;
    },
  };
}
