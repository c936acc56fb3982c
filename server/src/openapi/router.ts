// Serves the OpenAPI document as JSON and YAML, and a Swagger UI page at
// /docs from the swagger-ui-dist package (no CDN).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import express, { Router } from 'express';
import { stringify } from 'yaml';
import { fromProjectRoot } from '../config/projectRoot.js';
import { createOpenApiDocument } from './document.js';

const swaggerUiDir = dirname(
  createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'),
);
const docsPageDir = fromProjectRoot('server', 'src', 'openapi', 'docsPage');
const docsHtml = readFileSync(join(docsPageDir, 'index.html'), 'utf8');
const CACHE = 'public, max-age=300';

export function openApiRouter(baseUrl: string): Router {
  const document = createOpenApiDocument(baseUrl);
  const yaml = stringify(document);
  const router = Router();
  router.get('/openapi.json', (_req, res) => {
    res.set('Cache-Control', CACHE).json(document);
  });
  router.get('/openapi.yaml', (_req, res) => {
    res.set('Cache-Control', CACHE).type('application/yaml; charset=utf-8').send(yaml);
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
  router.use('/docs', express.static(docsPageDir, { index: false, maxAge: '5m' }));
  router.use('/docs', express.static(swaggerUiDir, { index: false, maxAge: '1h' }));
  return router;
}
