// Sign-up with address confirmation, login and logout. Sign-up answers the
// same whether or not the address has an account and never changes an
// existing account (the mail tells the owner). The confirmation link starts
// the trial, and only with the password of the sign-up: someone who signed up
// another person's address first must not have that person confirm the
// account with the stranger's password (whoever does not know it sets a new
// one with a reset, which confirms the address too). Login regenerates the session id
// (no session fixation) and returns to the page that asked for it, e.g. the
// OAuth consent; before it, a visitor has no server-side session.
import { Router, type Request, type Response } from 'express';
import { MAX_EMAIL_LENGTH, type Registration } from '../../accounts/accountService.js';
import type { Account } from '../../accounts/accountRepository.js';
import type { PlatformServices } from '../../accounts/platformServices.js';
import type { Config } from '../../config/config.js';
import type { ThrottleStoreDeps } from '../../web/throttleStore.js';
import {
  alreadyRegisteredMail,
  confirmAddressMail,
  signupAgainMail,
} from '../../mail/accountMails.js';
import { signupThrottle, type LoginRefusal } from '../../web/loginThrottle.js';
import { field, MIN_PASSWORD_LENGTH, newPasswordProblem } from '../passwordRules.js';
import { safeReturnPath } from '../../web/returnPath.js';
import { credentialStamp } from '../../web/session/credentialStamp.js';
import type { AccountMail } from '../../web/mailBudget.js';
import { sessionAccount, type WebLayer } from '../../web/webLayer.js';

/** A correct-password login to an unconfirmed account sends the link again at most this often. */
export const CONFIRMATION_RESEND_MS = 15 * 60_000;

const INVALID_EMAIL = 'Bitte geben Sie eine gültige E-Mail-Adresse an.';

const REFUSALS: Readonly<Record<LoginRefusal, string>> = {
  ip: 'Zu viele Anmeldeversuche von Ihrer Adresse. Bitte warten Sie 15 Minuten.',
  'ip-account': 'Zu viele fehlgeschlagene Anmeldeversuche. Bitte warten Sie 15 Minuten.',
  account:
    'Zu viele fehlgeschlagene Anmeldeversuche für dieses Konto. Melden Sie sich in einem Browser an, ' +
    'mit dem Sie schon angemeldet waren, setzen Sie Ihr Passwort zurück oder warten Sie 15 Minuten.',
};

/** A fresh session id for the signed-in account. */
function signIn(req: Request, account: Account): Promise<void> {
  return new Promise((resolve, reject) => {
    req.session.regenerate((err: unknown) => {
      if (err) return reject(err instanceof Error ? err : new Error(String(err)));
      req.session.accountId = account.id;
      req.session.credentialStamp = credentialStamp(account);
      req.session.save((saveErr: unknown) =>
        saveErr
          ? reject(saveErr instanceof Error ? saveErr : new Error(String(saveErr)))
          : resolve(),
      );
    });
  });
}

/** What writing a confirmation link needs. */
export type ConfirmationDeps = Pick<PlatformServices, 'emailLinks'> & {
  config: Pick<Config, 'baseUrl'>;
};

export type AuthPagesDeps = ConfirmationDeps &
  ThrottleStoreDeps &
  Pick<PlatformServices, 'accounts'>;

/**
 * Sends the confirmation link of an unconfirmed account, within its mailbox's
 * budget; with `atMostEveryMs` only when no link went out within that time.
 * True when a mail was sent.
 */
export function sendConfirmation(
  ctx: ConfirmationDeps,
  mail: AccountMail,
  account: Account,
  atMostEveryMs = 0,
): Promise<boolean> {
  return mail.send(account.email, async () => {
    const token = await ctx.emailLinks.issueAtMostEvery(account.id, 'verify', atMostEveryMs);
    if (!token) return undefined;
    return confirmAddressMail(account.email, `${ctx.config.baseUrl}/signup/confirm?token=${token}`);
  });
}

/** The confirmation link to a new address, else a note to the owner of the existing account. */
async function sendSignupMail(
  ctx: ConfirmationDeps,
  mail: AccountMail,
  { account, existed }: Registration,
) {
  if (!existed) {
    await sendConfirmation(ctx, mail, account);
    return;
  }
  const base = ctx.config.baseUrl;
  const note = account.emailVerifiedAt ? alreadyRegisteredMail : signupAgainMail;
  await mail.send(account.email, () =>
    note(account.email, `${base}/login`, `${base}/password/forgot`),
  );
}

export function authPages(ctx: AuthPagesDeps, web: WebLayer): Router {
  const router = Router();
  const loginPage = (req: Request, res: Response, extra = {}, status = 200) =>
    web.render(
      req,
      res,
      'login',
      { next: safeReturnPath(req.query.next ?? field(req, 'next')), ...extra },
      status,
    );
  const signupPage = (req: Request, res: Response, extra = {}, status = 200) =>
    web.render(req, res, 'signup', { minPasswordLength: MIN_PASSWORD_LENGTH, ...extra }, status);

  router.get('/login', async (req, res) => {
    if (await sessionAccount(req, ctx.accounts)) res.redirect(303, safeReturnPath(req.query.next));
    else loginPage(req, res);
  });

  router.post('/login', ...web.forms, async (req, res) => {
    const email = field(req, 'email');
    if (email.length > MAX_EMAIL_LENGTH) {
      loginPage(req, res, { error: INVALID_EMAIL }, 400);
      return;
    }
    const refusal = await web.loginThrottle.admit(req, email);
    if (refusal) {
      loginPage(req, res, { email, error: REFUSALS[refusal] }, 429);
      return;
    }
    const account = await ctx.accounts.authenticate(email, field(req, 'password'));
    if (!account) {
      await web.loginThrottle.failed(req, email);
      loginPage(req, res, { email, error: 'E-Mail-Adresse oder Passwort ist falsch.' }, 401);
      return;
    }
    await web.loginThrottle.succeeded(req, res, email);
    if (!account.emailVerifiedAt) {
      const sent = await sendConfirmation(ctx, web.accountMail, account, CONFIRMATION_RESEND_MS);
      const error =
        'Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse. ' +
        (sent
          ? 'Wir haben Ihnen den Link noch einmal geschickt.'
          : 'Den Link haben wir Ihnen vor Kurzem geschickt; bitte sehen Sie in Ihrem Postfach nach.');
      loginPage(req, res, { email, error }, 403);
      return;
    }
    await signIn(req, account);
    res.redirect(303, safeReturnPath(field(req, 'next')));
  });

  router.get('/signup', (req, res) => signupPage(req, res));

  const throttledSignup = signupThrottle(ctx, (req, res) =>
    signupPage(
      req,
      res,
      {
        email: field(req, 'email'),
        error: 'Zu viele Registrierungen von dieser Adresse. Bitte später noch einmal versuchen.',
      },
      429,
    ),
  );
  router.post('/signup', ...web.forms, throttledSignup, async (req, res) => {
    const email = field(req, 'email');
    const problem = await newPasswordProblem(req, email);
    if (problem) {
      signupPage(req, res, { email, error: problem }, 400);
      return;
    }
    let registration: Registration;
    try {
      registration = await ctx.accounts.register(email, field(req, 'password'));
    } catch (err) {
      if (!(err instanceof RangeError)) throw err;
      signupPage(req, res, { email: email.slice(0, MAX_EMAIL_LENGTH), error: INVALID_EMAIL }, 400);
      return;
    }
    const { account } = registration;
    // Past the mailbox's budget for the hour: the same page, nothing sent.
    await sendSignupMail(ctx, web.accountMail, registration);
    web.render(req, res, 'mailSent', {
      title: 'Fast geschafft',
      email: account.email,
      purpose: 'signup',
    });
  });

  router.get('/signup/confirm', (req, res) => {
    const token = typeof req.query.token === 'string' ? req.query.token : '';
    web.render(req, res, 'confirm', { token });
  });

  router.post('/signup/confirm', ...web.forms, async (req, res) => {
    const token = field(req, 'token');
    const accountId = await ctx.emailLinks.peek(token, 'verify');
    const registered = accountId ? await ctx.accounts.findById(accountId) : null;
    if (registered && !(await ctx.accounts.passwordMatches(registered, field(req, 'password')))) {
      web.render(req, res, 'confirm', { token, error: CONFIRM_PASSWORD_WRONG }, 401);
      return;
    }
    const used = registered && (await ctx.emailLinks.consume(token, 'verify')) === registered.id;
    const account = used ? await ctx.accounts.confirmEmail(registered.id) : null;
    if (!account) {
      web.render(req, res, 'error', { title: 'Link ungültig', message: LINK_INVALID }, 400);
      return;
    }
    loginPage(req, res, {
      email: account.email,
      flash: account.trialExpiresAt
        ? 'Ihre E-Mail-Adresse ist bestätigt und Ihr 14-tägiger Test des Pro-Tarifs hat begonnen. Bitte melden Sie sich an.'
        : 'Ihre E-Mail-Adresse ist bestätigt. Für dieses Postfach gab es bereits einen Test des Pro-Tarifs; ' +
          'Ihr Konto beginnt im Free-Tarif. Bitte melden Sie sich an.',
    });
  });

  router.post('/logout', ...web.forms, (req, res, next) => {
    req.session.destroy((err: unknown) => {
      if (err) return next(err);
      res.redirect(303, '/login');
    });
  });

  return router;
}

const CONFIRM_PASSWORD_WRONG =
  'Das Passwort passt nicht zu dieser Registrierung. Haben Sie es vergessen oder sich nicht ' +
  'selbst registriert, legen Sie unten über „Passwort vergessen“ ein neues fest.';

export const LINK_INVALID =
  'Der Link ist ungültig, abgelaufen oder wurde schon benutzt. Fordern Sie bei Bedarf einen neuen an.';
