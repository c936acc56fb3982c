// GET /api/bodenrichtwert (§4.1): XML-aware from the first middleware on,
// rate limited, authenticated, validated, then one quota count reserved before
// any upstream call and given back on every error answer.
import { Router } from 'express';
import type { PlatformServices } from '../../accounts/platformServices.js';
import { requireBearer } from '../../auth/requireBearer.js';
import { createRateLimiter, type RateLimitDeps } from '../../http/rateLimit.js';
import { acceptXmlFormat, sendBody } from '../../http/responseFormat.js';
import { countedLookup, type CountedLookupDeps } from './countedLookup.js';
import { lookupCallerOf } from './lookupCaller.js';
import { parseLookupParams } from './params.js';

export type BodenrichtwertDeps = RateLimitDeps &
  CountedLookupDeps &
  Pick<PlatformServices, 'bearer'>;

export function bodenrichtwertRouter(ctx: BodenrichtwertDeps): Router {
  const router = Router();
  router.get(
    '/api/bodenrichtwert',
    acceptXmlFormat,
    createRateLimiter(ctx),
    requireBearer(ctx),
    async (req, res) => {
      const params = parseLookupParams(req.query);
      if (!params.ok) throw params.error;
      sendBody(res, 200, await countedLookup(ctx, lookupCallerOf(req, res), params.value));
    },
  );
  return router;
}
