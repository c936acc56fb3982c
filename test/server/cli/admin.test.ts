import { execFile } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '#server/cli/adminRun.js';
import { createTestDatabaseUrl, databaseKinds, type DatabaseKind } from '../../support/database.js';
import { expectValidResponse } from '../../support/openapi.js';
import { startTestServer, type TestServer } from '#dev/service/testServer.js';

interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** `npm run admin` as another process: its start costs seconds of transpiling (smoke test). */
function adminProcess(databaseUrl: string, ...args: string[]): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'server/src/cli/admin.ts', ...args],
      // A clean environment: Vitest sets BASE_URL=/ (a Vite variable) in its own.
      { env: { PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: databaseUrl } },
      (error, stdout, stderr) => {
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
      },
    );
  });
}

/** The same main function run in this process, with only DATABASE_URL in its environment. */
async function admin(databaseUrl: string, ...args: string[]): Promise<CliResult> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runAdmin(['node', 'admin.ts', ...args], {
    env: { DATABASE_URL: databaseUrl },
    out: (text) => out.push(`${text}\n`),
    err: (text) => err.push(`${text}\n`),
  });
  return { code, stdout: out.join(''), stderr: err.join('') };
}

describe('npm run admin as a process of its own', () => {
  let url: string;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ url, drop } = await createTestDatabaseUrl('sqlite'));
  });
  afterAll(async () => {
    await drop();
  });

  it('prints JSON on stdout with exit code 0, and an error on stderr with exit code 1', async () => {
    const created = await adminProcess(url, 'user:create', '--email', 'proc@example.de', '--json');
    expect(created.code, created.stderr).toBe(0);
    expect(JSON.parse(created.stdout)).toMatchObject({ email: 'proc@example.de', plan: 'free' });
    const badPlan = await adminProcess(
      url,
      'user:plan',
      '--email',
      'proc@example.de',
      '--plan',
      'x',
    );
    expect(badPlan.code).toBe(1);
    expect(badPlan.stderr).toContain('Allowed choices are free, starter, pro, enterprise');
  });
});

async function adminJson(databaseUrl: string, ...args: string[]) {
  const result = await admin(databaseUrl, ...args, '--json');
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as Record<string, unknown> & Record<string, unknown>[];
}

describe.each(databaseKinds())('npm run admin on %s', (kind: DatabaseKind) => {
  let url: string;
  let drop: () => Promise<void>;
  let server: TestServer;
  beforeAll(async () => {
    ({ url, drop } = await createTestDatabaseUrl(kind));
    // The CLI is another process: without the key cache its revocation shows at once.
    server = await startTestServer({ databaseUrl: url, env: { API_KEY_CACHE_SECONDS: '0' } });
  });
  afterAll(async () => {
    await server.close();
    await drop();
  });

  const me = async (token: string) => {
    const res = await fetch(`${server.url}/api/me`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const body = (await res.json()) as Record<string, unknown>;
    expectValidResponse('GET', '/api/me', res.status, body);
    return { status: res.status, body };
  };

  it('creates an account in its trial and refuses a second one with the same email', async () => {
    const user = await adminJson(url, 'user:create', '--email', 'Ops@Example.de', '--plan', 'pro');
    expect(user).toMatchObject({ email: 'ops@example.de', plan: 'pro', trial_usage: 0 });
    expect(Date.parse(user.trial_expires_at as string) - Date.now()).toBeGreaterThan(
      13 * 86_400_000,
    );
    const again = await admin(url, 'user:create', '--email', 'ops@example.de');
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('exists already');
  });

  it('refuses an e-mail address over 191 characters', async () => {
    const long = await admin(url, 'user:create', '--email', `${'a'.repeat(300)}@example.de`);
    expect(long.code).toBe(1);
    expect(long.stderr).toContain('Not an email address');
    expect(long.stderr).not.toContain('a'.repeat(300));
  });

  it('creates a key that is printed once, works at once and stops at revocation', async () => {
    const created = await adminJson(
      url,
      'key:create',
      '--email',
      'ops@example.de',
      '--name',
      'Excel',
      '--lifetime',
      '90d',
    );
    const token = created.key as string;
    expect(token).toMatch(/^brw_live_/);
    expect((await me(token)).body).toMatchObject({ plan: 'pro', effective_plan: 'pro' });

    const list = await admin(url, 'key:list', '--email', 'ops@example.de', '--json');
    expect(list.stdout).not.toContain(token);
    expect(JSON.parse(list.stdout)).toEqual([
      expect.objectContaining({ id: created.id, name: 'Excel', status: 'active' }),
    ]);

    const revoked = await adminJson(url, 'key:revoke', '--id', created.id as string);
    expect(revoked).toMatchObject({ status: 'revoked' });
    expect((await me(token)).status).toBe(401);
  });

  it('changes plan, trial and payment state and shows usage', async () => {
    await adminJson(url, 'user:create', '--email', 'plan@example.de');
    const plan = await adminJson(
      url,
      'user:plan',
      '--email',
      'plan@example.de',
      '--plan',
      'starter',
    );
    expect(plan.plan).toBe('starter');
    const trial = await adminJson(
      url,
      'user:trial',
      '--email',
      'plan@example.de',
      '--expires-at',
      '2020-01-01T00:00:00Z',
    );
    expect(trial.trial_expires_at).toBe('2020-01-01T00:00:00.000Z');
    const noTrial = await adminJson(
      url,
      'user:trial',
      '--email',
      'plan@example.de',
      '--expires-at',
      'none',
    );
    expect(noTrial.trial_expires_at).toBeNull();
    const pastDue = await adminJson(
      url,
      'user:payment',
      '--email',
      'plan@example.de',
      '--status',
      'past_due',
      '--since',
      '2026-01-01T00:00:00Z',
    );
    expect(pastDue).toMatchObject({
      payment_status: 'past_due',
      past_due_since: '2026-01-01T00:00:00.000Z',
    });
    const usage = await adminJson(url, 'usage', '--email', 'plan@example.de');
    expect(usage).toMatchObject({
      email: 'plan@example.de',
      plan: 'starter',
      effective_plan: 'starter',
      limit: 50,
      usage_this_month: 0,
      trial_active: false,
      trial_expires_at: null,
    });
  });

  it('prints readable text without --json', async () => {
    const result = await admin(url, 'usage', '--email', 'plan@example.de');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('effective_plan: starter');
    expect(result.stdout).toContain('trial_expires_at: -');
  });

  it('refuses unknown accounts and bad arguments with exit code 1', async () => {
    const unknown = await admin(url, 'usage', '--email', 'nobody@example.de');
    expect(unknown).toMatchObject({ code: 1 });
    expect(unknown.stderr).toContain('No account with email nobody@example.de');
    const badPlan = await admin(url, 'user:plan', '--email', 'plan@example.de', '--plan', 'gold');
    expect(badPlan.code).toBe(1);
    expect(badPlan.stderr).toContain('Allowed choices are free, starter, pro, enterprise');
    const badDate = await admin(
      url,
      'user:trial',
      '--email',
      'plan@example.de',
      '--expires-at',
      'soon',
    );
    expect(badDate.code).toBe(1);
    expect(badDate.stderr).toContain('ISO 8601');
    const badLifetime = await admin(
      url,
      'key:create',
      '--email',
      'plan@example.de',
      '--name',
      'x',
      '--lifetime',
      '2y',
    );
    expect(badLifetime.code).toBe(1);
    const noKey = await admin(url, 'key:revoke', '--id', 'nope');
    expect(noKey.stderr).toContain('No API key with id nope');
  });
});
