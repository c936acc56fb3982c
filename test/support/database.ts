// Opens a migrated database for data-layer tests: a temporary SQLite file,
// or a MariaDB database of its own when the kind is 'mysql'.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Database } from '#server/db/database.js';
import { migrate } from '#server/db/migrate.js';
import { createMysqlDatabase } from './mysql.js';
import { mysqlAvailability, serviceAvailable } from './services.js';

export type DatabaseKind = 'sqlite' | 'mysql';

export interface TestDatabase {
  db: Database;
  url: string;
  dispose(): Promise<void>;
}

/** The kinds to run data-layer tests on: SQLite always, MariaDB when available. */
export function databaseKinds(): DatabaseKind[] {
  return serviceAvailable('MariaDB', mysqlAvailability()) ? ['sqlite', 'mysql'] : ['sqlite'];
}

export async function createTestDatabaseUrl(
  kind: DatabaseKind,
): Promise<{ url: string; drop(): Promise<void> }> {
  if (kind === 'mysql') return createMysqlDatabase();
  const dir = mkdtempSync(join(tmpdir(), 'brw-db-'));
  return {
    url: `sqlite:${join(dir, 'test.sqlite')}`,
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

export async function openTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  const { url, drop } = await createTestDatabaseUrl(kind);
  const db = await openDatabase(url);
  await migrate(db.sequelize);
  return {
    db,
    url,
    async dispose() {
      await db.close();
      await drop();
    },
  };
}
