import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '#server/cli/adminRun.js';
import { createTestDatabaseUrl } from '../../support/database.js';
import { startTestServer, type TestServer } from '#dev/service/testServer.js';
import { me, tokenRequest } from './support/oauthClient.js';

/**
 * `npm run admin`'s main function in this process, with only DATABASE_URL in its
 * environment (test/server/cli/admin.test.ts starts it as a process of its own).
 */
async function admin(databaseUrl: string, ...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runAdmin(['node', 'admin.ts', ...args], {
    env: { DATABASE_URL: databaseUrl },
    out: (text) => out.push(`${text}\n`),
    err: (text) => err.push(`${text}\n`),
  });
  return { code, stdout: out.join(''), stderr: err.join('') };
}

describe('npm run admin: app:create, app:rotate-secret, billing:requests', () => {
  let url: string;
  let drop: () => Promise<void>;
  let server: TestServer;
  beforeAll(async () => {
    ({ url, drop } = await createTestDatabaseUrl('sqlite'));
    server = await startTestServer({ databaseUrl: url });
    await server.ctx.accounts.create({ email: 'ops@example.de' });
  });
  afterAll(async () => {
    await server.close();
    await drop();
  });

  async function json(...args: string[]) {
    const result = await admin(url, ...args, '--json');
    expect(result.code, result.stderr).toBe(0);
    return JSON.parse(result.stdout) as Record<string, string>;
  }

  it('creates a confidential client-credentials app whose printed secret works, and rotates it', async () => {
    const created = await json(
      'app:create',
      '--email',
      'ops@example.de',
      '--name',
      'Nachtlauf',
      '--type',
      'confidential',
      '--grant',
      'client_credentials',
    );
    expect(created).toMatchObject({
      name: 'Nachtlauf',
      type: 'confidential',
      grants: 'client_credentials',
    });
    const id = String(created.client_id);
    const secret = String(created.client_secret);
    const first = await tokenRequest(
      server.url,
      { grant_type: 'client_credentials' },
      { id, secret },
    );
    expect((await me(server.url, String(first.body.access_token))).status).toBe(200);

    const rotated = await json('app:rotate-secret', '--client-id', id);
    expect(rotated.client_secret).not.toBe(secret);
    expect(
      (await tokenRequest(server.url, { grant_type: 'client_credentials' }, { id, secret })).status,
    ).toBe(401);
    const fresh = { id, secret: String(rotated.client_secret) };
    expect(
      (await tokenRequest(server.url, { grant_type: 'client_credentials' }, fresh)).status,
    ).toBe(200);
  });

  it('creates a public authorization_code app with its redirect URIs and no secret', async () => {
    const created = await json(
      'app:create',
      '--email',
      'ops@example.de',
      '--name',
      'SPA',
      '--type',
      'public',
      '--grant',
      'authorization_code',
      '--redirect-uri',
      'https://spa.example.de/cb',
      '--redirect-uri',
      'http://localhost:3000/cb',
    );
    expect(created.redirect_uris).toBe('https://spa.example.de/cb http://localhost:3000/cb');
    expect(created).not.toHaveProperty('client_secret');
  });

  it.each([
    [['--type', 'public', '--grant', 'client_credentials'], 'invalid_client_metadata'],
    [['--type', 'confidential', '--grant', 'authorization_code'], 'invalid_redirect_uri'],
    [
      [
        '--type',
        'confidential',
        '--grant',
        'authorization_code',
        '--redirect-uri',
        'http://x.de/cb',
      ],
      'invalid_redirect_uri',
    ],
  ])('refuses %j with a message and exit code 1', async (args, code) => {
    const result = await admin(
      url,
      'app:create',
      '--email',
      'ops@example.de',
      '--name',
      'X',
      ...args,
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(code);
  });

  it('refuses to rotate an unknown app or a public app', async () => {
    expect((await admin(url, 'app:rotate-secret', '--client-id', 'brw_app_none')).stderr).toContain(
      'No app',
    );
    const spa = await json(
      'app:create',
      '--email',
      'ops@example.de',
      '--name',
      'SPA2',
      '--type',
      'public',
      '--grant',
      'authorization_code',
      '--redirect-uri',
      'https://spa.example.de/cb',
    );
    const result = await admin(url, 'app:rotate-secret', '--client-id', String(spa.client_id));
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Public apps have no secret');
  });

  it('lists booking requests with their confirmation state', async () => {
    const user = await server.ctx.accounts.findByEmail('ops@example.de');
    await server.ctx.planRequests.record(String(user?.id), 'pro', new Date());
    const result = await admin(url, 'billing:requests', '--json');
    const rows = JSON.parse(result.stdout) as Record<string, unknown>[];
    expect(rows[0]).toMatchObject({
      email: 'ops@example.de',
      requested_plan: 'pro',
      confirmed: false,
    });
  });
});
