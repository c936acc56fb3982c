// Scenario (a), the ceiling: a bare Express 5 app answering "Hello World",
// run with plain node as a child process, exactly like the built service.
// With BENCH_MIDDLEWARE=1 it also runs the service's own per-request
// middleware (request log on the service's logger, security headers, per-IP
// rate limit, from the build in dist/):
// the floor that every API request of (b) and (c) pays.
import express from 'express';
import process from 'node:process';

const app = express();
if (process.env.BENCH_MIDDLEWARE === '1') {
  const { createProcessLogger } = await import('../../dist/server/src/logging/logger.js');
  const { requestLogger } = await import('../../dist/server/src/http/requestLogger.js');
  const { securityHeaders } = await import('../../dist/server/src/http/securityHeaders.js');
  const { createRateLimiter } = await import('../../dist/server/src/http/rateLimit.js');
  app.use(requestLogger(createProcessLogger('info')));
  app.use(securityHeaders());
  app.use(
    createRateLimiter({
      config: { rateLimitPerMinute: 1e9, redisKeyPrefix: '' },
      redis: undefined,
    }),
  );
}
app.get('/', (_req, res) => {
  res.send('Hello World');
});
app.get('/healthz', (_req, res) => {
  res.json({ status: 'ok' });
});
app.listen(Number(process.env.PORT), '127.0.0.1');
// Exit normally on the bench's SIGTERM, so node writes a --cpu-prof profile.
process.on('SIGTERM', () => process.exit(0));
