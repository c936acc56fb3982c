// Serves the built Excel add-in (excel-addin/dist, made by `npm run
// build:excel`) under /excel/, so one deployment serves API and add-in.
// Office loads these files inside its own frames and fetches functions.json
// across origins, so this path gets its own CORS and framing headers instead
// of the app-wide helmet defaults.
import { existsSync } from 'node:fs';
import cors from 'cors';
import express, { Router } from 'express';
import helmet from 'helmet';
import { fromProjectRoot } from '../config/projectRoot.js';

/** Hosts that frame add-in pages: Office on the web and the desktop hosts' webviews. */
const OFFICE_FRAME_ANCESTORS = [
  "'self'",
  'https://*.office.com',
  'https://*.officeapps.live.com',
  'https://*.microsoft.com',
  'https://*.sharepoint.com',
  'https://*.cloud.microsoft',
];

/** Where `npm run build:excel` writes the add-in. */
export const EXCEL_ADDIN_DIST = fromProjectRoot('excel-addin', 'dist');

/**
 * Mount before the app-wide helmet: its X-Frame-Options and CSP would stop
 * Office from framing the task pane and loading office.js.
 */
export function excelAddinRouter(distDir: string = EXCEL_ADDIN_DIST): Router {
  const router = Router();
  if (!existsSync(distDir)) return router;
  router.use(
    '/excel',
    cors({ origin: '*', methods: ['GET'] }),
    helmet({
      frameguard: false,
      crossOriginResourcePolicy: { policy: 'cross-origin' },
      contentSecurityPolicy: {
        directives: {
          'script-src': ["'self'", 'https://appsforoffice.microsoft.com'],
          'connect-src': ['*'],
          'frame-ancestors': OFFICE_FRAME_ANCESTORS,
        },
      },
    }),
    express.static(distDir, { index: false, maxAge: '1h', fallthrough: true }),
  );
  return router;
}
