// GET /api/bodenrichtwert (§4.1) and POST /api/bodenrichtwert/batch: XML-aware
// from the first middleware on, rate limited (a batch is one request),
// authenticated, validated, then the counted lookup of each address. A batch
// answers within its wait (Prefer: wait, preferWait.ts), so no proxy or
// client timeout ever loses answers the account was charged for. A single
// lookup's JSON is written as text (lookup/answerText.ts), its XML from the object.
import { Router } from 'express';
import { BATCH_BODY_LIMIT_BYTES } from '#shared/apiTypes.js';
import { ErrorCode } from '#shared/errors.js';
import { parseBatchRequest } from '#shared/schemas/batchRequest.js';
import { parseLookupRequest } from '#shared/schemas/lookupRequest.js';
import { requireBearer, type BearerDeps } from '../../auth/requireBearer.js';
import { internalErrorsAs } from '../../http/errorMiddleware.js';
import { jsonBodyUpTo } from '../../http/jsonBody.js';
import type { RateLimited } from '../../http/rateLimit.js';
import { acceptXmlFormat, sendBody, sendJsonText } from '../../http/responseFormat.js';
import { answerTextWriter } from '../../lookup/answerText.js';
import { batchLookup } from '../../lookup/batchLookup.js';
import {
  countedLookup,
  countedLookupAs,
  type CountedLookupDeps,
} from '../../lookup/countedLookup.js';
import { requestCaller } from '../requestCaller.js';
import { parsePreferWait } from './preferWait.js';

export type BodenrichtwertDeps = RateLimited &
  CountedLookupDeps &
  BearerDeps & {
    /** Resolves after `ms`; the batch's wait (injected so tests control it). */
    sleep: (ms: number) => Promise<void>;
  };

export function bodenrichtwertRouter(ctx: BodenrichtwertDeps): Router {
  const router = Router();
  const answerText = answerTextWriter();
  router.use('/api/bodenrichtwert', internalErrorsAs(ErrorCode.processingError));
  router.get(
    '/api/bodenrichtwert',
    acceptXmlFormat,
    ctx.apiRateLimit,
    requireBearer(ctx),
    async (req, res) => {
      const params = parseLookupRequest(req.query, ctx.lookup.today());
      if (!params.ok) throw params.error;
      const caller = requestCaller(req, res);
      if (res.locals.format === 'xml') {
        sendBody(res, 200, await countedLookup(ctx, caller, params.value));
      } else {
        sendJsonText(res, 200, await countedLookupAs(ctx, caller, params.value, answerText));
      }
    },
  );
  router.post(
    '/api/bodenrichtwert/batch',
    acceptXmlFormat,
    ctx.apiRateLimit,
    requireBearer(ctx),
    jsonBodyUpTo(BATCH_BODY_LIMIT_BYTES),
    async (req, res) => {
      const params = parseBatchRequest(req.body, req.query.format, ctx.lookup.today());
      if (!params.ok) throw params.error;
      res.locals.format = params.value.format;
      const wait = parsePreferWait(req.headers.prefer);
      const results = await batchLookup(
        ctx,
        requestCaller(req, res),
        params.value.entries,
        ctx.sleep(wait.seconds * 1000),
      );
      if (wait.requested) res.setHeader('Preference-Applied', `wait=${wait.seconds}`);
      sendBody(res, 200, { results });
    },
  );
  return router;
}
