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

/**
 * Hosts that frame add-in pages. frame-ancestors is checked against every
 * ancestor up to the top page, so each host in the chain must be listed:
 * consumer Excel on the web (personal Microsoft accounts) runs in
 * *.officeapps.live.com under onedrive.live.com / office.live.com; business
 * accounts under *.sharepoint.com, *.office.com and *.cloud.microsoft
 * (excel.cloud.microsoft); the desktop hosts' webviews under *.microsoft.com.
 */
export const OFFICE_FRAME_ANCESTORS = [
  "'self'",
  'https://*.officeapps.live.com',
  'https://onedrive.live.com',
  'https://*.onedrive.live.com',
  'https://office.live.com',
  'https://*.office.live.com',
  'https://*.office.com',
  'https://*.sharepoint.com',
  'https://*.cloud.microsoft',
  'https://*.microsoft.com',
];

/**
 * Where office.js comes from: the documented URL, the CDN it moved to in 2026,
 * and the host some Office versions load parts of it from.
 */
export const OFFICE_SCRIPT_SOURCES = [
  "'self'",
  'https://appsforoffice.microsoft.com',
  'https://officeapis.public.onecdn.static.microsoft',
  'https://ajax.aspnetcdn.com',
];

/** A build's scripts are named by their content: a name never stands for other content. */
const HASHED_SCRIPT = /\.[0-9a-f]{8}\.js(\.map)?$/;

/**
 * How long a file may be kept without asking: the hashed scripts for a year
 * (their name changes with their content), the page, the manifest and the
 * metadata never without asking again (no-cache: revalidated on every load), so
 * a page cached before a deployment never asks for scripts of the old build.
 */
function cacheControl(path: string): string {
  if (HASHED_SCRIPT.test(path)) return 'public, max-age=31536000, immutable';
  return /\.(html|xml|json)$|\/functions\.js$/.test(path) ? 'no-cache' : 'public, max-age=3600';
}

/** Where `npm run build:excel` writes the add-in. */
export const EXCEL_ADDIN_DIST = fromProjectRoot('excel-addin', 'dist');

/** The hosts of a BASE_URL on the developer's own machine. */
const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Whether /excel/*.map is served: the build's source maps hold the add-in's
 * whole TypeScript, comments included, which helps whoever debugs the add-in
 * in Excel on their own machine and nobody in production. So only a service
 * whose BASE_URL is on loopback (development) serves them.
 */
export function servesSourceMaps(baseUrl: string): boolean {
  return LOOPBACK_HOSTS.has(new URL(baseUrl).hostname);
}

/**
 * Whether a request path names a source map, judged on the path as
 * express.static will read it: percent-decoded (`.js.m%61p`, `%2emap`), in any
 * case (a case-insensitive file system finds `.MAP`), trailing dots and slashes
 * aside. A path that does not decode is refused too: static would not serve it.
 */
export function asksForSourceMap(path: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return true;
  }
  return /\.map[./\\]*$/.test(decoded.toLowerCase());
}

/**
 * Mount before the app-wide helmet: its X-Frame-Options and CSP would stop
 * Office from framing the task pane and loading office.js. Without
 * `sourceMaps`, a request for a .map file goes on to the rest of the app (404).
 */
export function excelAddinRouter(
  distDir: string = EXCEL_ADDIN_DIST,
  { sourceMaps = false }: { sourceMaps?: boolean } = {},
): Router {
  const router = Router();
  if (!existsSync(distDir)) return router;
  if (!sourceMaps) {
    router.use('/excel', (req, _res, next) => {
      next(asksForSourceMap(req.path) ? 'router' : undefined);
    });
  }
  router.use(
    '/excel',
    cors({ origin: '*', methods: ['GET'] }),
    helmet({
      frameguard: false,
      crossOriginResourcePolicy: { policy: 'cross-origin' },
      contentSecurityPolicy: {
        directives: {
          'script-src': OFFICE_SCRIPT_SOURCES,
          'connect-src': ['*'],
          'frame-ancestors': OFFICE_FRAME_ANCESTORS,
        },
      },
    }),
    express.static(distDir, {
      index: false,
      fallthrough: true,
      cacheControl: false,
      setHeaders: (res, path) => res.setHeader('Cache-Control', cacheControl(path)),
    }),
  );
  return router;
}
