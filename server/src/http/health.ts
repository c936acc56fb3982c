// GET /healthz for load balancers: 200 while the database answers, else 503.
import { Router } from 'express';
import type { Database } from '../db/database.js';

export function healthRouter(db: Database): Router {
  const router = Router();
  router.get('/healthz', async (req, res) => {
    try {
      await db.sequelize.query('SELECT 1');
      res.set('Cache-Control', 'no-store').json({ status: 'ok' });
    } catch (err) {
      req.log.error({ err }, 'health check failed');
      res.status(503).set('Cache-Control', 'no-store').json({ status: 'unavailable' });
    }
  });
  return router;
}
