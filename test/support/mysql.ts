// A MariaDB database of the test file's own, created on the server named by
// MYSQL_URL and dropped afterwards, so test files can run in parallel.
import { randomBytes } from 'node:crypto';
import { createConnection } from 'mysql2/promise';
import { testEnv } from './services.js';

export interface TemporaryMysqlDatabase {
  url: string;
  drop(): Promise<void>;
}

export async function createMysqlDatabase(): Promise<TemporaryMysqlDatabase> {
  if (!testEnv.mysqlUrl) throw new Error('MYSQL_URL is not set');
  const name = `brw_test_${randomBytes(6).toString('hex')}`;
  const server = new URL(testEnv.mysqlUrl);
  server.pathname = '/';
  const admin = await createConnection(server.toString());
  await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await admin.end();
  const url = new URL(testEnv.mysqlUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const connection = await createConnection(server.toString());
      await connection.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await connection.end();
    },
  };
}
