// GET /api/bodenrichtwert (§4.1): XML-aware from the first middleware on,
// rate limited, authenticated, validated, then one quota count reserved before
// any upstream call and given back on every error answer.
import { Router } from 'express';
import type { PlatformServices } from '../../accounts/platformServices.js';
import { principalOf, requireBearer } from '../../auth/requireBearer.js';
import { createRateLimiter, type RateLimitDeps } from '../../http/rateLimit.js';
import { acceptXmlFormat, sendBody } from '../../http/responseFormat.js';
import type { Logger } from '../../logging/logger.js';
import type { LookupService } from '../../lookup/lookupService.js';
import { parseLookupParams } from './params.js';
import { buildLookupResponse } from './responseBody.js';

export interface BodenrichtwertDeps
  extends RateLimitDeps, Pick<PlatformServices, 'bearer' | 'quota'> {
  lookup: LookupService;
  logger: Logger;
}

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
      const { addressInput, address, filter } = params.value;
      const reservation = await ctx.quota.reserve(principalOf(req).accountId);
      try {
        const result = await ctx.lookup.lookup(address);
        sendBody(res, 200, buildLookupResponse(addressInput, result, filter));
      } catch (err) {
        await reservation.release().catch((releaseErr: unknown) => {
          ctx.logger.error({ err: releaseErr }, 'quota release failed');
        });
        throw err;
      }
    },
  );
  return router;
}
