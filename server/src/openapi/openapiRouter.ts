// Serves the OpenAPI document as JSON and YAML, and a Swagger UI page at
// /docs from the swagger-ui-dist package (no CDN). Only the files the page
// loads are served: the package also holds a petstore page, source maps and
// an OAuth redirect page that have no business on this site. The page's icon
// is the dashboard's favicon.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Router } from 'express';
import { stringify } from 'yaml';
import { fromProjectRoot } from '../config/projectRoot.js';
import { createOpenApiDocument } from './document.js';

const swaggerUiDir = dirname(
  createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'),
);
const docsPageDir = fromProjectRoot('server', 'src', 'openapi', 'docsPage');
const docsHtml = readFileSync(join(docsPageDir, 'index.html'), 'utf8');
const CACHE = 'public, max-age=300';

/** What docsPage/index.html loads, by the folder it comes from. */
export const DOCS_FILES: Readonly<Record<string, { dir: string; maxAge: string }>> = {
  'docs-init.js': { dir: docsPageDir, maxAge: '5m' },
  'swagger-ui.css': { dir: swaggerUiDir, maxAge: '1h' },
  'swagger-ui-bundle.js': { dir: swaggerUiDir, maxAge: '1h' },
};

export function openApiRouter(baseUrl: string): Router {
  // Made on the first request for it, then kept: developers and their tools
  // ask for it, a running service's clients hardly ever, and made at start the
  // document and its YAML were part of every instance's idle memory.
  let made: { document: ReturnType<typeof createOpenApiDocument>; yaml: string } | undefined;
  const openApi = () => {
    if (made === undefined) {
      const document = createOpenApiDocument(baseUrl);
      made = { document, yaml: stringify(document) };
    }
    return made;
  };
  const router = Router();
  router.get('/openapi.json', (_req, res) => {
    res.set('Cache-Control', CACHE).json(openApi().document);
  });
  router.get('/openapi.yaml', (_req, res) => {
    res.set('Cache-Control', CACHE).type('application/yaml; charset=utf-8').send(openApi().yaml);
  });
  router.get('/docs', (req, res, next) => {
    // Relative asset URLs below need the trailing slash.
    if (!req.path.endsWith('/')) {
      res.redirect(301, '/docs/');
      return;
    }
    next();
  });
  router.get('/docs/', (_req, res) => {
    res.set('Cache-Control', CACHE).type('html').send(docsHtml);
  });
  for (const [file, { dir, maxAge }] of Object.entries(DOCS_FILES)) {
    router.get(`/docs/${file}`, (_req, res, next) => {
      res.sendFile(join(dir, file), { maxAge }, (err) => {
        if (err) next(err);
      });
    });
  }
  return router;
}
