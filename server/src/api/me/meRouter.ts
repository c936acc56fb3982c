// GET /api/me (§4.3): the caller's plan, usage and trial state. Never counts.
import { Router } from 'express';
import { AppError, ErrorCode } from '#shared/errors.js';
import type { PlatformServices } from '../../accounts/platformServices.js';
import { principalOf, requireBearer, type BearerDeps } from '../../auth/requireBearer.js';

export function meRouter(ctx: BearerDeps & Pick<PlatformServices, 'profiles'>): Router {
  const router = Router();
  router.get('/api/me', requireBearer(ctx), async (req, res) => {
    const profile = await ctx.profiles.getProfile(principalOf(req).accountId);
    if (!profile) {
      throw new AppError(ErrorCode.invalidToken, 'Das Konto zu diesem Token existiert nicht.');
    }
    res.json(profile);
  });
  return router;
}
