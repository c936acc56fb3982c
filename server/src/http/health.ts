// GET /healthz for load balancers: 200 while the database answers, else 503.
import { Router } from 'express';
import type { HealthRepository } from '../db/healthRepository.js';

export function healthRouter(health: Pick<HealthRepository, 'ping'>): Router {
  const router = Router();
  router.get('/healthz', async (req, res) => {
    try {
      await health.ping();
      res.set('Cache-Control', 'no-store').json({ status: 'ok' });
    } catch (err) {
      req.log.error({ err }, 'health check failed');
      res.status(503).set('Cache-Control', 'no-store').json({ status: 'unavailable' });
    }
  });
  return router;
}
