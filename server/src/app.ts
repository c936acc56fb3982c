// Builds the Express app from a context; listening is main.ts's job, so
// tests run the very same app on a loopback port.
import express, { type Express } from 'express';
import { EXCEL_ADDIN_DIST, excelAddinRouter, servesSourceMaps } from './addins/excelAddin.js';
import { bodenrichtwertRouter } from './api/bodenrichtwert/bodenrichtwertRouter.js';
import { bodenwertRouter } from './api/bodenwert/bodenwertRouter.js';
import { flurstueckRouter } from './api/flurstueck/flurstueckRouter.js';
import { immobilienrichtwertRouter } from './api/immobilienrichtwert/immobilienrichtwertRouter.js';
import { liegenschaftszinsRouter } from './api/liegenschaftszins/liegenschaftszinsRouter.js';
import { meRouter } from './api/me/meRouter.js';
import type { AppContext } from './context.js';
import { dashboardRouter } from './dashboard/dashboardRouter.js';
import { createWebLayer } from './web/webLayer.js';
import { apiCors } from './http/apiCors.js';
import { errorMiddleware, notFound } from './http/errorMiddleware.js';
import { healthRouter } from './http/health.js';
import { queryParameterLimit } from './http/queryLimit.js';
import { requestLogger } from './http/requestLogger.js';
import { mapTilePolicy, securityHeaders } from './http/securityHeaders.js';
import { mcpRouter } from './mcp/mcpRouter.js';
import { oauthRouter } from './oauth/oauthRouter.js';
import { openApiRouter } from './openapi/openapiRouter.js';

export function createApp(ctx: AppContext): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', ctx.config.trustProxy);
  app.set('query parser', 'simple');
  // Express would hash every answer body (SHA-1) for an ETag: answers are computed per
  // request and no client of ours revalidates, so it is work for nothing on every request.
  app.set('etag', false);

  const security = securityHeaders(mapTilePolicy(ctx.config.map.tileUrl));
  app.use(requestLogger(ctx.logger));
  // The API first: Express tests every layer in front of a route on every
  // request, and an API request has nothing to do with the add-in's files,
  // health or the documentation. It gets what it got behind them, in the
  // same order: security headers, the query limit, CORS. A path under /api
  // that no API route answers goes on as before (the headers set again
  // are the same values).
  app.use('/api', security, queryParameterLimit, apiCors);
  app.use(meRouter(ctx));
  app.use(bodenrichtwertRouter(ctx));
  app.use(bodenwertRouter(ctx));
  app.use(flurstueckRouter(ctx));
  app.use(immobilienrichtwertRouter(ctx));
  app.use(liegenschaftszinsRouter(ctx));
  app.use(excelAddinRouter(EXCEL_ADDIN_DIST, { sourceMaps: servesSourceMaps(ctx.config.baseUrl) }));
  app.use(security);
  app.use(queryParameterLimit);
  app.use(healthRouter(ctx.health));
  app.use(openApiRouter(ctx.config.baseUrl));
  const web = createWebLayer(ctx);
  app.use(oauthRouter(ctx, web));
  app.use(dashboardRouter(ctx, web));
  app.use(mcpRouter(ctx));

  app.use(notFound);
  app.use(errorMiddleware);
  return app;
}
