// GET /api/immobilienrichtwert: XML-aware from the first middleware on, rate
// limited, authenticated, validated, then the counted answer of NRW's
// Immobilienrichtwerte at the address.
import { Router } from 'express';
import { ErrorCode } from '#shared/errors.js';
import { parseImmobilienrichtwertRequest } from '#shared/schemas/immobilienrichtwertRequest.js';
import { requireBearer, type BearerDeps } from '../../auth/requireBearer.js';
import { internalErrorsAs } from '../../http/errorMiddleware.js';
import type { RateLimited } from '../../http/rateLimit.js';
import { acceptXmlFormat, sendBody } from '../../http/responseFormat.js';
import type { LookupService } from '../../lookup/lookupService.js';
import {
  countedImmobilienrichtwert,
  type CountedIrwDeps,
} from '../../marketData/countedImmobilienrichtwert.js';
import { requestCaller } from '../requestCaller.js';

export type ImmobilienrichtwertDeps = RateLimited &
  CountedIrwDeps &
  BearerDeps & { lookup: Pick<LookupService, 'today'> };

export function immobilienrichtwertRouter(ctx: ImmobilienrichtwertDeps): Router {
  const router = Router();
  router.use('/api/immobilienrichtwert', internalErrorsAs(ErrorCode.processingError));
  router.get(
    '/api/immobilienrichtwert',
    acceptXmlFormat,
    ctx.apiRateLimit,
    requireBearer(ctx),
    async (req, res) => {
      const params = parseImmobilienrichtwertRequest(req.query, ctx.lookup.today());
      if (!params.ok) throw params.error;
      const { format: _format, ...request } = params.value;
      sendBody(res, 200, await countedImmobilienrichtwert(ctx, requestCaller(req, res), request));
    },
  );
  return router;
}
