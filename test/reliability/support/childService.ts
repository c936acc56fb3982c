// The service as a real process (`node --import tsx server/src/main.ts`), its
// log lines captured, so tests can SIGKILL it mid-request and scan its logs.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from './privateMariadb.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

export interface ChildService {
  url: string;
  /** Every line the process wrote to stdout and stderr, over all its lives. */
  logs: string[];
  start(): Promise<void>;
  kill(signal: NodeJS.Signals): Promise<void>;
}

export async function childService(env: Record<string, string>): Promise<ChildService> {
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
      child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
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
    async kill(signal) {
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill(signal);
      await exited;
    },
  };
}
