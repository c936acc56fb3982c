// Forgotten password (a one-time link by e-mail, the same answer for every
// address) and the password change in the dashboard. Whoever knew the old
// password may still be signed in or hold a reset link: a reset ends every
// session, a change every other one (the stamp in the session no longer
// fits), both end all reset links, and keys and apps go when the owner asks.
// The reset of an account nobody has confirmed yet asks by default: its
// password was never proven to be the mailbox owner's, so whatever was made
// for the account before may belong to whoever chose it.
import { Router, type Request, type Response } from 'express';
import type { Account } from '../../accounts/accountRepository.js';
import { MAX_EMAIL_LENGTH } from '../../accounts/accountService.js';
import { passwordResetMail } from '../../mail/accountMails.js';
import { signupThrottle } from '../../web/loginThrottle.js';
import { field, MIN_PASSWORD_LENGTH, newPasswordProblem } from '../passwordRules.js';
import { credentialStamp } from '../../web/session/credentialStamp.js';
import { flash, signedInAccount, type WebLayer } from '../../web/webLayer.js';
import { LINK_INVALID, type AuthPagesDeps } from './authPages.js';
import { endAccessAsked, type EndAccessDeps } from './endAccess.js';

export type PasswordPagesDeps = AuthPagesDeps & EndAccessDeps;

export function passwordPages(ctx: PasswordPagesDeps, web: WebLayer): Router {
  const router = Router();
  const minPasswordLength = MIN_PASSWORD_LENGTH;

  router.get('/password/forgot', (req, res) => web.render(req, res, 'forgot'));

  const throttled = signupThrottle(
    ctx,
    (req, res) =>
      web.render(
        req,
        res,
        'forgot',
        { error: 'Zu viele Anfragen von dieser Adresse. Bitte später noch einmal versuchen.' },
        429,
      ),
    'password-reset',
  );
  router.post('/password/forgot', ...web.forms, throttled, async (req, res) => {
    const email = field(req, 'email').slice(0, MAX_EMAIL_LENGTH + 1);
    const account = await ctx.accounts.findByEmail(email);
    // Past the mailbox's budget nothing is sent and the live link is not replaced.
    if (account) {
      await web.accountMail.send(account.email, async () => {
        const token = await ctx.emailLinks.issue(account.id, 'reset');
        return passwordResetMail(
          account.email,
          `${ctx.config.baseUrl}/password/reset?token=${token}`,
        );
      });
    }
    web.render(req, res, 'mailSent', {
      title: 'E-Mail unterwegs',
      email: email.slice(0, MAX_EMAIL_LENGTH),
      purpose: 'reset',
    });
  });

  const resetPage = (req: Request, res: Response, token: string, extra = {}, status = 200) =>
    web.render(req, res, 'reset', { token, minPasswordLength, ...extra }, status);
  const invalidLink = (req: Request, res: Response) =>
    web.render(req, res, 'error', { title: 'Link ungültig', message: LINK_INVALID }, 400);
  /** The account of a live reset link, or null. */
  const linkAccount = async (token: string) => {
    const accountId = await ctx.emailLinks.peek(token, 'reset');
    return accountId ? ctx.accounts.findById(accountId) : null;
  };
  const neverConfirmed = (account: Account | null) =>
    account !== null && account.emailVerifiedAt === null;

  router.get('/password/reset', async (req, res) => {
    const token = typeof req.query.token === 'string' ? req.query.token : '';
    resetPage(req, res, token, { endAll: neverConfirmed(await linkAccount(token)) });
  });

  router.post('/password/reset', ...web.forms, async (req, res) => {
    const token = field(req, 'token');
    const account = await linkAccount(token);
    if (!account) return invalidLink(req, res);
    const problem = await newPasswordProblem(req, account.email);
    if (problem)
      return resetPage(req, res, token, { error: problem, endAll: neverConfirmed(account) }, 400);
    if ((await ctx.emailLinks.consume(token, 'reset')) !== account.id) return invalidLink(req, res);
    await ctx.accounts.setPassword(account.id, field(req, 'password'));
    await ctx.emailLinks.revokeAll(account.id, 'reset');
    // The link proved the mailbox: an unconfirmed account is confirmed too.
    await ctx.accounts.confirmEmail(account.id);
    await web.loginThrottle.clearAccount(account.email);
    const ended = await endAccessAsked(ctx, req, account.id);
    web.render(req, res, 'login', {
      email: account.email,
      next: '/dashboard',
      flash: [
        'Ihr Passwort ist geändert. Alle Anmeldungen sind beendet.',
        ...ended,
        'Bitte melden Sie sich mit dem neuen Passwort an.',
      ].join(' '),
    });
  });

  router.get('/dashboard/password', web.requireLogin, (req, res) =>
    web.render(req, res, 'password', { minPasswordLength }),
  );

  router.post('/dashboard/password', web.requireLogin, ...web.forms, async (req, res) => {
    const account = signedInAccount(res);
    const problem = await newPasswordProblem(req, account.email);
    const changed =
      !problem &&
      (await ctx.accounts.changePassword(
        account,
        field(req, 'current_password'),
        field(req, 'password'),
      ));
    if (!changed) {
      const error = problem ?? 'Das bisherige Passwort ist falsch.';
      web.render(req, res, 'password', { minPasswordLength, error }, 400);
      return;
    }
    await ctx.emailLinks.revokeAll(account.id, 'reset');
    const updated = await ctx.accounts.findById(account.id);
    if (updated) req.session.credentialStamp = credentialStamp(updated);
    const ended = await endAccessAsked(ctx, req, account.id);
    flash(
      req,
      ['Ihr Passwort ist geändert. Alle anderen Anmeldungen sind beendet.', ...ended].join(' '),
    );
    res.redirect(303, '/dashboard');
  });

  return router;
}
