// `npm start` on a fresh checkout: no set-up, the SQLite file under ./data is
// created and migrated, one human line says where to begin, and SIGTERM shuts
// the service down cleanly. A port already taken ends start-up with exit 1.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

function freePort(): Promise<number> {
  return new Promise((done) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((done) => child.once('exit', (code) => done(code)));
}

/** The service as a child process in `cwd`, its stdout and stderr collected together. */
function startService(cwd: string, port: number) {
  const child = spawn(join(ROOT, 'node_modules/.bin/tsx'), [join(ROOT, 'server/src/main.ts')], {
    cwd,
    // A clean environment: Vitest sets BASE_URL=/ (a Vite variable) in its own.
    env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const run = { child, exited: exitOf(child), output: '' };
  child.stdout?.on('data', (chunk: Buffer) => (run.output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (run.output += chunk.toString()));
  return run;
}

describe('starting the service', () => {
  const cwd = mkdtempSync(join(tmpdir(), 'brw-start-'));
  afterAll(() => rmSync(cwd, { recursive: true, force: true }));

  it('creates and migrates ./data/brw.sqlite, serves, and stops on SIGTERM', async () => {
    const port = await freePort();
    const run = startService(cwd, port);
    const { child, exited } = run;
    const deadline = Date.now() + 20_000;
    while (!run.output.includes('"msg":"listening"')) {
      if (Date.now() > deadline) throw new Error(`no start within 20 s:\n${run.output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(await health.json()).toEqual({ status: 'ok' });
    const me = await fetch(`http://127.0.0.1:${port}/api/me`);
    expect(me.status).toBe(401);
    expect(existsSync(join(cwd, 'data', 'brw.sqlite'))).toBe(true);

    expect(run.output).toContain(
      `Bereit: http://localhost:${port}/signup, API-Dokumentation: http://localhost:${port}/docs\n`,
    );

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(run.output).toContain('"msg":"shutting down"');
  });

  it('says the port is taken and exits 1 when another process holds it', async () => {
    // Bound like the service binds: every address, both IP versions.
    const holder: Server = await new Promise((done) => {
      const server = createServer().listen(0, () => done(server));
    });
    const { port } = holder.address() as { port: number };
    try {
      const run = startService(cwd, port);
      expect(await run.exited).toBe(1);
      expect(run.output).toContain(`Port ${port} is already in use`);
      expect(run.output).not.toContain('"msg":"listening"');
      expect(run.output).not.toContain('Bereit:');
    } finally {
      await new Promise((done) => holder.close(done));
    }
  });
});
