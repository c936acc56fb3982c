// Sign-up, login and logout. Login regenerates the session id (no session
// fixation) and returns to the page that asked for it, e.g. the OAuth consent.
import { Router, type Request } from 'express';
import { EmailTakenError } from '../../accounts/accountService.js';
import type { User } from '../../accounts/userRepository.js';
import type { AppContext } from '../../context.js';
import { loginThrottle, signupThrottle } from '../loginThrottle.js';
import { MIN_PASSWORD_LENGTH, passwordProblem } from '../passwordRules.js';
import { safeReturnPath } from '../returnPath.js';
import { flash, type WebLayer } from '../webLayer.js';

const field = (req: Request, name: string): string => {
  const value = (req.body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : '';
};

/** A fresh session id for the signed-in user, then the redirect. */
function signIn(req: Request, user: User): Promise<void> {
  return new Promise((resolve, reject) => {
    req.session.regenerate((err: unknown) => {
      if (err) return reject(err instanceof Error ? err : new Error(String(err)));
      req.session.userId = user.id;
      req.session.save((saveErr: unknown) =>
        saveErr
          ? reject(saveErr instanceof Error ? saveErr : new Error(String(saveErr)))
          : resolve(),
      );
    });
  });
}

export function authPages(ctx: AppContext, web: WebLayer): Router {
  const router = Router();
  const loginPage = (
    req: Request,
    res: Parameters<WebLayer['render']>[1],
    extra = {},
    status = 200,
  ) =>
    web.render(
      req,
      res,
      'login',
      { next: safeReturnPath(req.query.next ?? field(req, 'next')), ...extra },
      status,
    );
  const signupPage = (
    req: Request,
    res: Parameters<WebLayer['render']>[1],
    extra = {},
    status = 200,
  ) => web.render(req, res, 'signup', { minPasswordLength: MIN_PASSWORD_LENGTH, ...extra }, status);

  router.get('/login', (req, res) => {
    if (req.session.userId) res.redirect(303, safeReturnPath(req.query.next));
    else loginPage(req, res);
  });

  const throttledLogin = loginThrottle(ctx, (req, res) =>
    loginPage(
      req,
      res,
      {
        email: field(req, 'email'),
        error: 'Zu viele fehlgeschlagene Anmeldeversuche. Bitte warten Sie 15 Minuten.',
      },
      429,
    ),
  );
  router.post('/login', ...web.forms, throttledLogin, async (req, res) => {
    const email = field(req, 'email');
    const user = await ctx.accounts.authenticate(email, field(req, 'password'));
    if (!user) {
      loginPage(req, res, { email, error: 'E-Mail-Adresse oder Passwort ist falsch.' }, 401);
      return;
    }
    await signIn(req, user);
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
    const password = field(req, 'password');
    const problem =
      password !== field(req, 'password_confirmation')
        ? 'Die beiden Passwörter stimmen nicht überein.'
        : passwordProblem(password, email);
    if (problem) {
      signupPage(req, res, { email, error: problem }, 400);
      return;
    }
    let user: User;
    try {
      user = await ctx.accounts.create({ email, password });
    } catch (err) {
      if (!(err instanceof EmailTakenError) && !(err instanceof RangeError)) throw err;
      const error =
        err instanceof EmailTakenError
          ? 'Für diese E-Mail-Adresse gibt es bereits ein Konto.'
          : 'Bitte geben Sie eine gültige E-Mail-Adresse an.';
      signupPage(req, res, { email, error }, err instanceof EmailTakenError ? 409 : 400);
      return;
    }
    await signIn(req, user);
    flash(req, 'Willkommen! Ihr 14-tägiger Test des Pro-Tarifs hat begonnen.');
    res.redirect(303, '/dashboard');
  });

  router.post('/logout', ...web.forms, (req, res, next) => {
    req.session.destroy((err: unknown) => {
      if (err) return next(err);
      res.redirect(303, '/login');
    });
  });

  return router;
}
