// Scenario (m), the same-stack minimum of a cached lookup: what GET
// /api/bodenrichtwert of (c) would cost if the service were nothing but its
// libraries. Express 5 with helmet, one pino line per request, express.json,
// passport-http-bearer checking a token held in memory (the service's API
// key cache), then one SELECT of the stored answer from a SQLite file and the
// stored text sent as it is. Run with plain node as a child process, like (a)
// and the built service. BENCH_TOKEN is the bearer token, BENCH_ANSWER_FILE
// the answer body (the service's own answer of (c)). With BENCH_SERVICE_MODULES
// it first imports the service's compiled app (dist/, `npm run build:server`)
// and every module that pulls in, without starting anything: the same
// minimum with the heap of the service's code and libraries.
import express from 'express';
import helmet from 'helmet';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import process from 'node:process';
import passport from 'passport';
import { Strategy as BearerStrategy } from 'passport-http-bearer';
import pino from 'pino';
import sqlite3 from 'sqlite3';

if (process.env.BENCH_SERVICE_MODULES) await import('../../dist/server/src/app.js');

const dir = mkdtempSync(join(tmpdir(), 'brw-minimum-'));
const db = new sqlite3.Database(join(dir, 'minimum.sqlite'));
const run = (sql, params = []) =>
  new Promise((resolve, reject) => db.run(sql, params, (err) => (err ? reject(err) : resolve())));
await run('CREATE TABLE answers (address TEXT PRIMARY KEY, body TEXT NOT NULL)');
const address = process.env.BENCH_ADDRESS;
await run('INSERT INTO answers VALUES (?, ?)', [
  address,
  readFileSync(process.env.BENCH_ANSWER_FILE, 'utf8'),
]);

const accounts = new Map([[process.env.BENCH_TOKEN, { accountId: 'bench' }]]);
passport.use(
  new BearerStrategy((token, done) => {
    done(null, accounts.get(token) ?? false);
  }),
);

const logger = pino({ level: 'info' });
const app = express();
app.disable('x-powered-by');
app.set('etag', false);
app.use((req, res, next) => {
  const started = performance.now();
  res.on('close', () => {
    logger.info(
      { req: { method: req.method, path: req.path }, res: { status: res.statusCode } },
      `${req.method} ${req.path} ${res.statusCode} ${performance.now() - started}`,
    );
  });
  next();
});
app.use(helmet());
app.use(express.json());
app.get(
  '/api/bodenrichtwert',
  passport.authenticate('bearer', { session: false }),
  (req, res, next) => {
    db.get('SELECT body FROM answers WHERE address = ?', [req.query.address], (err, row) => {
      if (err) return next(err);
      res.type('application/json; charset=utf-8').send(row.body);
    });
  },
);
app.get('/healthz', (_req, res) => {
  res.json({ status: 'ok' });
});
app.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => {
  db.close(() => {
    rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  });
});
