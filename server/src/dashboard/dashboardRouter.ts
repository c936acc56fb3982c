// The server-rendered dashboard: sign-up, login, overview, API keys, OAuth
// apps and billing, with its CSS and script served from this folder.
import express, { Router, type NextFunction, type Request, type Response } from 'express';
import { fromProjectRoot } from '../config/projectRoot.js';
import { ErrorCode } from '../../../shared/src/errors.js';
import type { AppContext } from '../context.js';
import { toAppError } from '../http/errorMiddleware.js';
import { appsPages } from './pages/appsPages.js';
import { authPages } from './pages/authPages.js';
import { billingPages } from './pages/billingPages.js';
import { connectedAppsPages } from './pages/connectedAppsPages.js';
import { keysPages } from './pages/keysPages.js';
import { overviewPage } from './pages/overviewPage.js';
import { passwordPages } from './pages/passwordPages.js';
import { pageThrottle } from './pageThrottle.js';
import type { WebLayer } from './webLayer.js';

const PAGE_PATHS = ['/login', '/signup', '/logout', '/password', '/dashboard'];
const ASSETS_DIR = fromProjectRoot('server', 'src', 'dashboard', 'assets');

export function dashboardRouter(ctx: AppContext, web: WebLayer): Router {
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
