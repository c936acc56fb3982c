// `npm run attack:login`: what can an anonymous client do to the service
// through the login and sign-up pages? The service runs as a process on
// loopback (TypeScript through tsx, SQLite, TRUST_PROXY=loopback so every
// request names its client IP). Three scenarios, each bounded:
// - failed logins with 15 KB e-mail addresses, each from its own IP, in three
//   rounds: the server's RSS after each (the first round also grows the heap
//   for the request bodies; what is kept per attempt shows in the later ones);
// - anonymous page views for 10 s: session rows written;
// - `/api/me` latency alone and under 19 successful logins per second.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import { createPlatformServices } from '#server/accounts/platformServices.js';
import { openDatabase } from '#server/db/database.js';
import { migrate } from '#server/db/migrate.js';
import { systemClock } from '#server/time/clock.js';
import { startChildServer, type ChildServer } from '../support/childServer.js';

const program = new Command()
  .name('attack:login')
  .option('--logins <n>', 'failed logins with 15 KB e-mail addresses per round', '3000')
  .option('--rate <n>', 'successful logins per second during the /api/me measurement', '19')
  .parse();
const options = program.opts<{ logins: string; rate: string }>();
const PASSWORD = 'Grundstück-Messung-2026';
const EMAIL = 'opfer@example.de';

let ipCounter = 0;
/** A new client address per call (TEST-NET and benchmark ranges). */
const nextIp = () => {
  ipCounter += 1;
  return `198.18.${Math.floor(ipCounter / 250) % 250}.${(ipCounter % 250) + 1}`;
};

/** GET /login, then POST it with the page's CSRF token and cookies. */
async function login(server: ChildServer, email: string, password: string, ip = nextIp()) {
  const page = await fetch(`${server.url}/login`, { headers: { 'x-forwarded-for': ip } });
  const html = await page.text();
  const csrf = /name="_csrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
  const cookie = page.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const res = await fetch(`${server.url}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      cookie,
      'x-forwarded-for': ip,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ _csrf: csrf.replaceAll('&amp;', '&'), email, password }),
  });
  await res.arrayBuffer();
  return res.status;
}

function tally(statuses: number[]): string {
  const counts = new Map<number, number>();
  for (const status of statuses) counts.set(status, (counts.get(status) ?? 0) + 1);
  return [...counts].map(([status, n]) => `${n} × ${status}`).join(', ');
}

async function inBatches(total: number, width: number, work: (i: number) => Promise<number>) {
  const statuses: number[] = [];
  for (let i = 0; i < total; i += width) {
    const batch = Array.from({ length: Math.min(width, total - i) }, (_, j) => work(i + j));
    statuses.push(...(await Promise.all(batch)));
  }
  return statuses;
}

async function percentiles(server: ChildServer, token: string, ms: number) {
  const times: number[] = [];
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const started = performance.now();
    const res = await fetch(`${server.url}/api/me`, {
      headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': '192.0.2.99' },
    });
    await res.arrayBuffer();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => Math.round(times[Math.floor(times.length * q)] ?? 0);
  return `p50 ${at(0.5)} ms, p95 ${at(0.95)} ms (${times.length} calls)`;
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'brw-attack-login-'));
  const databaseUrl = `sqlite:${join(dir, 'attack.sqlite')}`;
  const db = await openDatabase(databaseUrl);
  await migrate(db.sequelize);
  const services = createPlatformServices(db.sequelize, systemClock, {
    billingUrl: 'http://127.0.0.1/billing',
    paymentGraceDays: 14,
  });
  const user = await services.accounts.create({ email: EMAIL, password: PASSWORD, plan: 'pro' });
  const { value: token } = await services.apiKeys.create(user.id, 'Messung', 'unlimited');
  const server = await startChildServer('server/src/main.ts', {
    DATABASE_URL: databaseUrl,
    TRUST_PROXY: 'loopback',
    LOG_LEVEL: 'warn',
    SESSION_SECRET: 'attack-session-secret-0123456789abcdef',
    GEOCODER_URL: 'http://127.0.0.1:9/nominatim',
    RATE_LIMIT_PER_MINUTE: '100000',
  });
  const sessionRows = async () => {
    const [rows] = await db.sequelize.query('SELECT COUNT(*) AS n FROM web_sessions');
    return Number((rows as { n: number }[])[0]?.n);
  };
  try {
    const big = 'a'.repeat(15_000);
    const rss = [Math.round(await server.rssMb())];
    const long: number[] = [];
    const perRound = Number(options.logins);
    for (let round = 0; round < 3; round += 1) {
      const statuses = await inBatches(perRound, 20, (i) =>
        login(server, `${round * perRound + i}${big}@example.de`, 'falsch'),
      );
      long.push(...statuses);
      rss.push(Math.round(await server.rssMb()));
    }
    console.log(
      `3 × ${perRound} failed logins with 15 KB addresses: ${tally(long)}; ` +
        `server RSS ${rss.join(' → ')} MB`,
    );

    const rowsBefore = await sessionRows();
    const views: number[] = [];
    const viewsEnd = Date.now() + 10_000;
    while (Date.now() < viewsEnd) {
      const batch = Array.from({ length: 10 }, async () => {
        const res = await fetch(`${server.url}/login`, {
          headers: { 'x-forwarded-for': nextIp() },
        });
        await res.arrayBuffer();
        return res.status;
      });
      views.push(...(await Promise.all(batch)));
    }
    console.log(
      `anonymous page views in 10 s: ${tally(views)}; session rows +${(await sessionRows()) - rowsBefore}`,
    );

    console.log(`/api/me alone: ${await percentiles(server, token, 5_000)}`);
    const rate = Number(options.rate);
    const logins: Promise<number>[] = [];
    const ticker = setInterval(() => {
      for (let i = 0; i < rate; i += 1) logins.push(login(server, EMAIL, PASSWORD));
    }, 1000);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const underLoad = await percentiles(server, token, 10_000);
    clearInterval(ticker);
    console.log(
      `/api/me under ${rate} logins/s: ${underLoad}; logins: ${tally(await Promise.all(logins))}`,
    );
  } finally {
    await server.stop();
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
