// Every account mail goes out through one budget per mailbox: at most
// MAILS_PER_MAILBOX an hour, whatever starts it (sign-up, the confirmation
// sent again on a login, password reset, the note to an existing account), so
// nobody can flood an inbox (or keep replacing the link its owner is about to
// open) by repeating a form from many IPs, with plus-addresses of one mailbox,
// or by logging in to unconfirmed accounts over and over. The pages get no
// other way to send: the web layer holds the mailer. Past the budget the
// pages answer as they would and send nothing. Counted in the throttle store:
// shared by every instance with REDIS_URL, per instance without.
import { normaliseEmail } from '../accounts/accountService.js';
import type { Mail, Mailer } from '../mail/mailer.js';
import { mailboxOf } from '#shared/mailbox.js';
import { throttleCounter, throttleKey, type ThrottleStoreDeps } from './throttleStore.js';

export const MAILS_PER_MAILBOX = 3;
export const MAIL_BUDGET_WINDOW_MS = 3600_000;

/** What a page has made to send: a mail, or nothing (e.g. a link went out a moment ago). */
export type MailToSend = Mail | undefined;

export interface AccountMail {
  /**
   * Sends the mail `write` makes for `to` when the mailbox's budget for the
   * hour allows one more. `write` runs only then, so a link is issued only for
   * a mail that goes out; when it makes nothing, the count is given back.
   * True when a mail went out.
   */
  send(to: string, write: () => Promise<MailToSend> | MailToSend): Promise<boolean>;
}

export type AccountMailDeps = ThrottleStoreDeps & { mailer: Pick<Mailer, 'send'> };

export function createAccountMail(ctx: AccountMailDeps, secret: string): AccountMail {
  const sent = throttleCounter(ctx, 'mail-mailbox', MAIL_BUDGET_WINDOW_MS);
  return {
    async send(to, write) {
      const key = throttleKey(secret, 'mailbox', mailboxOf(normaliseEmail(to)));
      if ((await sent.increment(key)).totalHits > MAILS_PER_MAILBOX) return false;
      const mail = await write();
      if (!mail) {
        await sent.decrement(key);
        return false;
      }
      // The budget counted `to`'s mailbox: the mail goes nowhere else.
      ctx.mailer.send({ ...mail, to });
      return true;
    },
  };
}
