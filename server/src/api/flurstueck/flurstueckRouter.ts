// GET /api/flurstueck (issue 34): the parcel at an address or of a
// Kennzeichen with the land-value zones covering it and its land value per
// use. XML-aware from the first middleware on, rate limited, authenticated,
// validated, then counted like a lookup (parcels/countedParcel.ts); the
// disclaimer is added here, the use case answers without it.
import { Router } from 'express';
import { ErrorCode } from '#shared/errors.js';
import { parseFlurstueckRequest } from '#shared/schemas/flurstueckRequest.js';
import { requireBearer, type BearerDeps } from '../../auth/requireBearer.js';
import { internalErrorsAs } from '../../http/errorMiddleware.js';
import type { RateLimited } from '../../http/rateLimit.js';
import { acceptXmlFormat, sendBody } from '../../http/responseFormat.js';
import {
  countedParcel,
  flurstueckResponse,
  type CountedParcelDeps,
} from '../../parcels/countedParcel.js';
import type { ParcelValuation } from '../../parcels/parcelValuation.js';
import { requestCaller } from '../requestCaller.js';

export type FlurstueckDeps = RateLimited &
  BearerDeps &
  CountedParcelDeps & { parcelValuation: Pick<ParcelValuation, 'value' | 'today'> };

export function flurstueckRouter(ctx: FlurstueckDeps): Router {
  const router = Router();
  router.use('/api/flurstueck', internalErrorsAs(ErrorCode.processingError));
  router.get(
    '/api/flurstueck',
    acceptXmlFormat,
    ctx.apiRateLimit,
    requireBearer(ctx),
    async (req, res) => {
      const params = parseFlurstueckRequest(req.query, ctx.parcelValuation.today());
      if (!params.ok) throw params.error;
      const answer = await countedParcel(ctx, requestCaller(req, res), params.value);
      sendBody(res, 200, flurstueckResponse(answer));
    },
  );
  return router;
}
