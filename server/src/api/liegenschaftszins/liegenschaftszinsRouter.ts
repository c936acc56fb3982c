// GET /api/liegenschaftszins: the committee's Liegenschaftszinssatz for a
// property type at an address. XML-aware from the first middleware on, rate
// limited, authenticated, validated, then counted like a lookup
// (lookup/liegenschaftszins.ts).
import { Router } from 'express';
import { ErrorCode } from '#shared/errors.js';
import { parseLiegenschaftszinsRequest } from '#shared/schemas/liegenschaftszinsRequest.js';
import { requireBearer, type BearerDeps } from '../../auth/requireBearer.js';
import { internalErrorsAs } from '../../http/errorMiddleware.js';
import type { RateLimited } from '../../http/rateLimit.js';
import { acceptXmlFormat, sendBody } from '../../http/responseFormat.js';
import { liegenschaftszins, type LiegenschaftszinsDeps } from '../../lookup/liegenschaftszins.js';
import { requestCaller } from '../requestCaller.js';

export type LiegenschaftszinsRouterDeps = RateLimited & BearerDeps & LiegenschaftszinsDeps;

export function liegenschaftszinsRouter(ctx: LiegenschaftszinsRouterDeps): Router {
  const router = Router();
  router.use('/api/liegenschaftszins', internalErrorsAs(ErrorCode.processingError));
  router.get(
    '/api/liegenschaftszins',
    acceptXmlFormat,
    ctx.apiRateLimit,
    requireBearer(ctx),
    async (req, res) => {
      const params = parseLiegenschaftszinsRequest(req.query, ctx.lookup.today());
      if (!params.ok) throw params.error;
      sendBody(res, 200, await liegenschaftszins(ctx, requestCaller(req, res), params.value));
    },
  );
  return router;
}
