// Starts the real app on a loopback port with a fresh SQLite file (or the
// database given), a captured logger and an optional controlled clock.
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:http';
import { createApp } from '#server/app.js';
import { loadConfig } from '#server/config/config.js';
import { createContext, type AppContext } from '#server/context.js';
import { startSmtpFake, type SmtpFake } from '../fakes/smtpFake.js';
import type { Clock } from '#server/time/clock.js';
import type { ParcelValuation } from '#server/parcels/parcelValuation.js';
import { captureLogs, type CapturedLogs } from './logs.js';
import { MIN_SCRYPT_LOG_N } from '#server/config/scryptCost.js';

export interface TestServerOptions {
  /** Environment variables on top of the test defaults. */
  env?: Record<string, string>;
  /** e.g. a MariaDB url from createMysqlDatabase(); default: a temporary SQLite file. */
  databaseUrl?: string;
  clock?: Clock;
  fetch?: typeof fetch;
  /** The server's waits (the batch's Prefer: wait). */
  sleep?: (ms: number) => Promise<void>;
  /** The parcel view's use case instead of the context's own. */
  parcelValuation?: ParcelValuation;
}

export interface TestServer {
  url: string;
  ctx: AppContext;
  logs: CapturedLogs;
  /** The loopback SMTP server the service sends its e-mail to. */
  mail: SmtpFake;
  close(): Promise<void>;
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const dir = mkdtempSync(join(tmpdir(), 'brw-test-'));
  const databaseUrl = options.databaseUrl ?? `sqlite:${join(dir, 'test.sqlite')}`;
  const logs = captureLogs();
  const mail = await startSmtpFake();
  // Listen first, so BASE_URL can be the real origin (OAuth issuer, links).
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    LOG_LEVEL: 'debug',
    BASE_URL: url,
    GEOCODER_URL: 'http://127.0.0.1:9/nominatim',
    SESSION_SECRET: 'test-session-secret-0123456789abcdef0123456789',
    SMTP_URL: mail.url,
    // Tests hash at the cheapest scrypt setting the service accepts (OWASP's
    // N=2^13, r=8, p=10); a test of the hashing cost itself passes
    // PRODUCTION_HASHING.
    PASSWORD_SCRYPT_LOG_N: String(MIN_SCRYPT_LOG_N),
    ...options.env,
    DATABASE_URL: databaseUrl,
  });
  const ctx = await createContext(config, {
    logger: logs.logger,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.sleep ? { sleep: options.sleep } : {}),
    ...(options.parcelValuation ? { parcelValuation: options.parcelValuation } : {}),
  });
  server.on('request', createApp(ctx));
  return {
    url,
    ctx,
    logs,
    mail,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await ctx.close();
      await mail.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
