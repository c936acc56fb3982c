// POST /api/bodenwert (§4.2): a thin edge over the shared core. Bearer auth,
// rate limited, never counts against the quota.
import { Router } from 'express';
import { parseBodenwertInput } from '#shared/bodenwertInput.js';
import { calculateBodenwert } from '#shared/density.js';
import { requireBearer, type BearerDeps } from '../../auth/requireBearer.js';
import { jsonBody } from '../../http/jsonBody.js';
import type { RateLimited } from '../../http/rateLimit.js';

export function bodenwertRouter(ctx: RateLimited & BearerDeps): Router {
  const router = Router();
  router.post('/api/bodenwert', ctx.apiRateLimit, requireBearer(ctx), jsonBody, (req, res) => {
    const input = parseBodenwertInput(req.body);
    if (!input.ok) throw input.error;
    res.json(calculateBodenwert(input.value));
  });
  return router;
}
