// The server-rendered dashboard: sign-up, login, overview, lookup and
// calculation, API keys, OAuth apps and billing, with its CSS and script
// served from this folder.
import express, { Router, type NextFunction, type Request, type Response } from 'express';
import { fromProjectRoot } from '../config/projectRoot.js';
import { ErrorCode } from '#shared/errors.js';
import type { Config } from '../config/config.js';
import { toAppError } from '../http/errorBody.js';
import type { ThrottleStoreDeps } from '../web/throttleStore.js';
import { appsPages, type AppsPagesDeps } from './pages/appsPages.js';
import { authPages, type AuthPagesDeps } from './pages/authPages.js';
import { billingPages, type BillingPagesDeps } from './pages/billingPages.js';
import { calculationPage } from './pages/calculationPage.js';
import { connectedAppsPages, type ConnectedAppsPagesDeps } from './pages/connectedAppsPages.js';
import { keysPages, type KeysPagesDeps } from './pages/keysPages.js';
import { lookupPage, type LookupPageDeps } from './pages/lookupPage.js';
import { flurstueckPage, type FlurstueckPageDeps } from './pages/flurstueckPage.js';
import { notFoundPage, type NotFoundPageDeps } from './pages/notFoundPage.js';
import { overviewPage, type OverviewPageDeps } from './pages/overviewPage.js';
import { passwordPages, type PasswordPagesDeps } from './pages/passwordPages.js';
import { pageThrottle } from '../web/pageThrottle.js';
import type { WebLayer } from '../web/webLayer.js';

const PAGE_PATHS = ['/login', '/signup', '/logout', '/password', '/dashboard'];
const ASSETS_DIR = fromProjectRoot('server', 'src', 'dashboard', 'assets');

/** What the pages need together (each page takes its own part). */
export type DashboardDeps = AuthPagesDeps &
  PasswordPagesDeps &
  KeysPagesDeps &
  BillingPagesDeps &
  OverviewPageDeps &
  AppsPagesDeps &
  ConnectedAppsPagesDeps &
  LookupPageDeps &
  FlurstueckPageDeps &
  NotFoundPageDeps &
  ThrottleStoreDeps & { config: Pick<Config, 'rateLimitPerMinute'> };

export function dashboardRouter(ctx: DashboardDeps, web: WebLayer): Router {
  const router = Router();
  router.use('/dashboard/assets', express.static(ASSETS_DIR, { index: false, maxAge: '1h' }));
  router.get('/', (_req, res) => res.redirect(303, '/dashboard'));

  const pages = Router();
  // Only page requests load a session; API calls never touch the session table.
  pages.use(PAGE_PATHS, web.session);
  pages.use(
    PAGE_PATHS,
    pageThrottle(ctx, (req, res) => {
      const message = 'Zu viele Seitenaufrufe von Ihrer Adresse. Bitte warten Sie eine Minute.';
      web.render(req, res, 'error', { title: 'Zu viele Anfragen', message }, 429);
    }),
  );
  pages.use(authPages(ctx, web));
  pages.use(passwordPages(ctx, web));
  pages.use(overviewPage(ctx, web));
  pages.use(keysPages(ctx, web));
  pages.use(appsPages(ctx, web));
  pages.use(connectedAppsPages(ctx, web));
  pages.use(billingPages(ctx, web));
  pages.use(lookupPage(ctx, web));
  pages.use(flurstueckPage(ctx, web));
  pages.use(calculationPage(web));
  pages.use('/dashboard', notFoundPage(ctx, web));
  // Errors on a page answer as a page; the details go to the log only.
  // A form the body parser refuses (too large, broken encoding) is the client's error.
  pages.use((err: unknown, req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(err);
    const error = toAppError(err, ErrorCode.internalServerError);
    // 503 service_error (e.g. too many logins waiting for a password hash) says what to do.
    const failed = error.status >= 500 && error.code !== ErrorCode.serviceError;
    if (failed) req.log.error({ err }, 'dashboard page failed');
    web.render(
      req,
      res,
      'error',
      {
        title: 'Fehler',
        message: failed
          ? 'Ein interner Fehler ist aufgetreten. Bitte versuchen Sie es später erneut.'
          : error.message,
      },
      error.status,
    );
  });
  router.use(pages);
  return router;
}
