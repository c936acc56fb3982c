// Runs a server as a child process on a free loopback port, so its memory can
// be read from /proc without the load generator's in it.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface ChildServer {
  url: string;
  pid: number;
  /** Peak resident memory since start or the last resetPeak(), in MB. */
  peakRssMb(): Promise<number>;
  /** Current resident memory, in MB. */
  rssMb(): Promise<number>;
  /** Starts a new peak window (Linux: clear_refs 5 resets VmHWM). */
  resetPeak(): Promise<void>;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/**
 * Starts `entry` (relative to the repository root): compiled JavaScript with
 * plain node, as `npm start` runs the service; a .ts file with tsx.
 */
export async function startChildServer(
  entry: string,
  env: Record<string, string>,
  nodeArgs: readonly string[] = [],
): Promise<ChildServer> {
  const port = await freePort();
  // `node --import tsx` keeps the server in this very pid (the tsx CLI would fork).
  const loader = entry.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const child = spawn(process.execPath, [...nodeArgs, ...loader, entry], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilHealthy(url, child);
  const pid = child.pid;
  if (pid === undefined) throw new Error(`${entry} did not start`);
  const status = (field: string) => procStatusMb(pid, field);
  return {
    url,
    pid,
    peakRssMb: () => status('VmHWM'),
    rssMb: () => status('VmRSS'),
    resetPeak: () => writeFile(`/proc/${pid}/clear_refs`, '5'),
    stop: () => stopChild(child),
  };
}

async function waitUntilHealthy(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    const healthy = await fetch(`${url}/healthz`).then(
      (res) => res.ok,
      () => false,
    );
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`server at ${url} did not become healthy within 60 s`);
}

async function procStatusMb(pid: number, field: string): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1];
  if (kb === undefined) throw new Error(`${field} missing in /proc/${pid}/status`);
  return Number(kb) / 1024;
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(killer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
