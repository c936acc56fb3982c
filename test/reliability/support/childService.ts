// The service as a real process (`node --import tsx server/src/main.ts`, or
// as `npm start` runs it: compiled, with the node options of its script), its
// log lines captured, so tests can SIGKILL it mid-request and scan its logs.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { freePort } from './privateMariadb.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** `npm start`'s command line: its node options (heap flags included) and the compiled entry. */
function startCommand(): string[] {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const [node, ...args] = pkg.scripts.start.split(/\s+/);
  if (node !== 'node') throw new Error(`npm start does not run node: ${pkg.scripts.start}`);
  return args;
}

/** Compiles the service as `npm start` runs it (`npm run build:server`). */
export async function buildServer(): Promise<void> {
  await promisify(execFile)('npm', ['run', 'build:server'], { cwd: ROOT });
}

export interface ChildService {
  url: string;
  /** Every line the process wrote to stdout and stderr, over all its lives. */
  logs: string[];
  start(): Promise<void>;
  kill(signal: NodeJS.Signals): Promise<void>;
  /** Whether the process started last is still running. */
  running(): boolean;
}

/**
 * `built`: the compiled service with `npm start`'s node options (call
 * buildServer first); otherwise the TypeScript through tsx.
 */
export async function childService(
  env: Record<string, string>,
  { built = false }: { built?: boolean } = {},
): Promise<ChildService> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const logs: string[] = [];
  let child: ChildProcess | undefined;
  const collect = (chunk: Buffer) =>
    logs.push(...chunk.toString('utf8').split('\n').filter(Boolean));

  return {
    url,
    logs,
    async start() {
      const args = built ? startCommand() : ['--import', 'tsx', 'server/src/main.ts'];
      child = spawn(process.execPath, args, {
        cwd: ROOT,
        env: { PATH: process.env.PATH ?? '', ...env, PORT: String(port), BASE_URL: url },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout?.on('data', collect);
      child.stderr?.on('data', collect);
      const deadline = Date.now() + 60_000;
      for (;;) {
        if (child.exitCode !== null)
          throw new Error(`service exited: ${logs.slice(-5).join('\n')}`);
        const healthy = await fetch(`${url}/healthz`).then(
          (r) => r.ok,
          () => false,
        );
        if (healthy) return;
        if (Date.now() > deadline) throw new Error('service did not become healthy in 60 s');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    running: () => child !== undefined && child.exitCode === null && child.signalCode === null,
    async kill(signal) {
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill(signal);
      await exited;
    },
  };
}
