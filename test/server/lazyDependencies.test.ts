// Libraries most instances never use stay out of memory until they are needed:
// the OAuth library until the first OAuth request that needs it, the Redis
// client unless REDIS_URL is set, the common-password list until a form sets
// a password, umzug unless a migration is pending. All are CommonJS packages,
// so Node's require cache shows whether a process has loaded them.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordProblem } from '#server/dashboard/passwordRules.js';
import { createTestDatabaseUrl } from '../support/database.js';
import { startTestServer, type TestServer } from '#dev/service/testServer.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

const loaded = (packageDir: string) =>
  Object.keys(createRequire(import.meta.url).cache).some((file) =>
    file.includes(`/node_modules/${packageDir}/`),
  );

describe('dependencies loaded on first use', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('starts and answers API requests without the OAuth library or the Redis client', async () => {
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
    const metadata = await fetch(`${server.url}/.well-known/oauth-authorization-server`);
    expect(metadata.status).toBe(200);
    expect(loaded('@node-oauth/oauth2-server')).toBe(false);
    expect(loaded('@redis/client')).toBe(false);
    expect(loaded('@zxcvbn-ts/language-common')).toBe(false);
  });

  it('loads the common-password list with the first password a form sets', async () => {
    expect(await passwordProblem('Password1234', 'a@example.de')).toContain('häufigsten');
    expect(loaded('@zxcvbn-ts/language-common')).toBe(true);
  });

  it('loads the OAuth library with the first token request, and answers it', async () => {
    const res = await fetch(`${server.url}/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials&client_id=unbekannt&client_secret=falsch',
    });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: string }).error).toBe('invalid_client');
    expect(loaded('@node-oauth/oauth2-server')).toBe(true);
  });
});

describe('schema migrations', () => {
  // A process of its own: this test process has loaded umzug to migrate its databases.
  const migrateInChild = (url: string) => {
    const script = [
      "import { createRequire } from 'node:module';",
      "import { openDatabase } from './server/src/db/database.ts';",
      "import { migrate } from './server/src/db/migrate.ts';",
      'const db = await openDatabase(process.env.DATABASE_URL);',
      'const ran = await migrate(db.sequelize);',
      'await db.close();',
      'const files = Object.keys(createRequire(import.meta.url).cache);',
      "const umzug = files.some((file) => file.includes('/node_modules/umzug/'));",
      'console.log(JSON.stringify({ ran, umzug }));',
    ].join('\n');
    const child = spawnSync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      { cwd: ROOT, env: { PATH: process.env.PATH ?? '', DATABASE_URL: url }, encoding: 'utf8' },
    );
    expect(child.status, child.stderr).toBe(0);
    return JSON.parse(child.stdout.trim().split('\n').at(-1) ?? '') as {
      ran: string[];
      umzug: boolean;
    };
  };

  it('load umzug only when one is pending', { timeout: 60_000 }, async () => {
    const { url, drop } = await createTestDatabaseUrl('sqlite');
    try {
      const first = migrateInChild(url);
      expect(first.ran).toContain('030-distinct-lookups');
      expect(first.umzug).toBe(true);
      expect(migrateInChild(url)).toEqual({ ran: [], umzug: false });
    } finally {
      await drop();
    }
  });
});
