// What every server-rendered page needs: cookies, the database session, CSRF
// checks on forms, the page renderer and the login guard. Shared by the
// dashboard and the OAuth consent page.
import cookieParser from 'cookie-parser';
import type { Request, RequestHandler, Response } from 'express';
import type { Account } from '../accounts/accountRepository.js';
import type { AccountService } from '../accounts/accountService.js';
import type { Config } from '../config/config.js';
import type { Database } from '../db/database.js';
import type { Logger } from '../logging/logger.js';
import { createCsrfGuard } from './csrf.js';
import { createLoginThrottle, type LoginThrottle } from './loginThrottle.js';
import { createAccountMail, type AccountMail, type AccountMailDeps } from './mailBudget.js';
import { credentialStamp } from './session/credentialStamp.js';
import { resolveSessionSecret } from './session/sessionSecret.js';
import { webSession } from './session/webSession.js';
import { createPageRenderer, type PageRenderer, type PageTemplates } from './views.js';

export interface WebLayer {
  /** Cookies and the session, for every page route. */
  session: RequestHandler[];
  /** Form body and CSRF check, for every POST of a form. */
  forms: RequestHandler[];
  render: PageRenderer;
  /** Loads the signed-in account into res.locals.account, or sends the browser to the login. */
  requireLogin: RequestHandler;
  /** The login limits (per IP, per IP and address, per address). */
  loginThrottle: LoginThrottle;
  /** The only way pages send mail: within each mailbox's budget for the hour. */
  accountMail: AccountMail;
}

export type WebLayerDeps = AccountMailDeps & {
  config: Pick<Config, 'sessionSecret' | 'baseUrl'>;
  logger: Logger;
  db: Pick<Database, 'sequelize'>;
  accounts: Pick<AccountService, 'findById'>;
  pageTemplates: PageTemplates;
};

export function createWebLayer(ctx: WebLayerDeps): WebLayer {
  const secret = resolveSessionSecret(ctx.config.sessionSecret, ctx.logger);
  const secure = ctx.config.baseUrl.startsWith('https:');
  const csrf = createCsrfGuard({
    secret,
    secure,
    onRejected: (req, res) => {
      render(
        req,
        res,
        'error',
        {
          title: 'Formular abgelaufen',
          message:
            'Das Formular ist abgelaufen oder stammt nicht von dieser Seite. Bitte laden Sie die Seite neu und versuchen Sie es noch einmal.',
        },
        403,
      );
    },
  });
  const render = createPageRenderer(ctx.pageTemplates, csrf);
  return {
    session: [cookieParser(), webSession({ sequelize: ctx.db.sequelize, secret, secure })],
    forms: csrf.forms,
    render,
    loginThrottle: createLoginThrottle(ctx, secret, secure),
    accountMail: createAccountMail(ctx, secret),
    async requireLogin(req, res, next) {
      const account = await sessionAccount(req, ctx.accounts);
      if (account) {
        res.locals.account = account;
        next();
        return;
      }
      // A session ended by a password reset or change signs out for good.
      if (req.session.accountId) await endSession(req);
      const target = req.method === 'GET' ? `?next=${encodeURIComponent(req.originalUrl)}` : '';
      res.redirect(303, `/login${target}`);
    },
  };
}

/** The signed-in account of the session, unless the password changed since its login. */
export async function sessionAccount(
  req: Request,
  accounts: Pick<AccountService, 'findById'>,
): Promise<Account | null> {
  const accountId = req.session.accountId;
  const account = accountId ? await accounts.findById(accountId) : null;
  return account && req.session.credentialStamp === credentialStamp(account) ? account : null;
}

function endSession(req: Request): Promise<void> {
  return new Promise((resolve, reject) => {
    req.session.destroy((err: unknown) =>
      err ? reject(err instanceof Error ? err : new Error(String(err))) : resolve(),
    );
  });
}

/** The account requireLogin loaded; a programming error if it did not run. */
export function signedInAccount(res: Response): Account {
  const account = res.locals.account as Account | undefined;
  if (!account) throw new Error('requireLogin must run before this handler');
  return account;
}

/** Stores a one-time notice for the next rendered page. */
export function flash(req: Request, message: string): void {
  req.session.flash = message;
}
