// A database of the benchmark's own (a temporary SQLite file, or a fresh
// MariaDB database next to MYSQL_URL's), migrated, with one enterprise
// account whose API key the load uses: no monthly cap can ever stop the run.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConnection } from 'mysql2/promise';
import { createPlatformServices } from '#server/accounts/platformServices.js';
import { openDatabase, type Database } from '#server/db/database.js';
import { migrate } from '#server/db/migrate.js';
import { systemClock } from '#server/time/clock.js';

export type BenchDialect = 'sqlite' | 'mariadb';

export interface BenchDatabase {
  url: string;
  db: Database;
  /** API key of the enterprise account. */
  token: string;
  /** The enterprise account's id. */
  accountId: string;
  /** API key of a new free account in its trial (what anybody can sign up for). */
  trialToken(): Promise<string>;
  dispose(): Promise<void>;
}

export async function createBenchDatabase(
  dialect: BenchDialect,
  mysqlUrl: string,
): Promise<BenchDatabase> {
  const location = dialect === 'sqlite' ? sqliteLocation() : await mariadbLocation(mysqlUrl);
  const db = await openDatabase(location.url);
  await migrate(db.sequelize);
  const services = createPlatformServices(db.sequelize, systemClock, {
    billingUrl: 'http://127.0.0.1/billing',
    paymentGraceDays: 14,
  });
  const user = await services.accounts.create({
    email: `bench-${Date.now()}@example.de`,
    plan: 'enterprise',
  });
  // Without a trial the enterprise plan (no cap) counts every lookup.
  await services.accounts.setTrialExpiry(user.id, null);
  const { value } = await services.apiKeys.create(user.id, 'Benchmark', 'unlimited');
  return {
    url: location.url,
    db,
    token: value,
    accountId: user.id,
    async trialToken() {
      const trial = await services.accounts.create({
        email: `bench-trial-${randomBytes(4).toString('hex')}@example.de`,
        plan: 'free',
      });
      return (await services.apiKeys.create(trial.id, 'Trial', 'unlimited')).value;
    },
    async dispose() {
      await db.close();
      await location.drop();
    },
  };
}

function sqliteLocation() {
  const dir = mkdtempSync(join(tmpdir(), 'brw-bench-'));
  return {
    url: `sqlite:${join(dir, 'bench.sqlite')}`,
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

export async function mariadbLocation(mysqlUrl: string) {
  const name = `brw_bench_${randomBytes(4).toString('hex')}`;
  const server = new URL(mysqlUrl);
  server.pathname = '/';
  const admin = async (sql: string) => {
    const connection = await createConnection(server.toString());
    await connection.query(sql);
    await connection.end();
  };
  await admin(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  const url = new URL(mysqlUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS \`${name}\``) };
}
