// A MariaDB server of the test's own (mariadb-install-db into a temp
// datadir, mariadbd on a free loopback port), so a test can kill, freeze
// and restart it without touching the machine's shared MariaDB.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConnection } from 'mysql2/promise';
import type { ServiceAvailability } from '../../support/services.js';

const MARIADBD = process.env.MARIADBD_PATH ?? '/usr/sbin/mariadbd';
const INSTALL_DB = process.env.MARIADB_INSTALL_DB_PATH ?? '/usr/bin/mariadb-install-db';

export function privateMariadbAvailability(): ServiceAvailability {
  const missing = [MARIADBD, INSTALL_DB].filter((path) => !existsSync(path));
  return missing.length === 0
    ? { available: true, reason: '' }
    : { available: false, reason: `missing ${missing.join(', ')}` };
}

export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

export interface PrivateMariadb {
  /** mysql:// URL of database `brw` on this server. */
  url: string;
  pid(): number;
  kill(): Promise<void>;
  start(): Promise<void>;
  freeze(): void;
  thaw(): void;
  dispose(): Promise<void>;
}

export async function startPrivateMariadb(): Promise<PrivateMariadb> {
  const dir = mkdtempSync(join(tmpdir(), 'brw-mariadb-'));
  const datadir = join(dir, 'data');
  const install = spawnSync(
    INSTALL_DB,
    ['--no-defaults', `--datadir=${datadir}`, '--user=root', '--skip-test-db'],
    { encoding: 'utf8' },
  );
  if (install.status !== 0) throw new Error(`mariadb-install-db failed: ${install.stderr}`);
  const port = await freePort();
  let child: ChildProcess | undefined;

  const ping = async () => {
    const connection = await createConnection({ host: '127.0.0.1', port, user: 'root' });
    await connection.end();
  };
  const start = async () => {
    child = spawn(
      MARIADBD,
      [
        '--no-defaults',
        `--datadir=${datadir}`,
        `--port=${port}`,
        '--bind-address=127.0.0.1',
        `--socket=${join(dir, 'mariadb.sock')}`,
        `--pid-file=${join(dir, 'mariadb.pid')}`,
        '--user=root',
        '--skip-grant-tables',
        '--innodb-buffer-pool-size=32M',
        '--skip-log-bin',
      ],
      { stdio: 'ignore' },
    );
    const deadline = Date.now() + 30_000;
    for (;;) {
      try {
        await ping();
        return;
      } catch (err) {
        if (Date.now() > deadline || child.exitCode !== null) throw err;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  };
  const kill = async () => {
    const running = child;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  };

  await start();
  const admin = await createConnection({ host: '127.0.0.1', port, user: 'root' });
  await admin.query('CREATE DATABASE brw CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci');
  await admin.end();
  return {
    url: `mysql://root@127.0.0.1:${port}/brw`,
    pid: () => child?.pid ?? -1,
    kill,
    start,
    freeze: () => child?.kill('SIGSTOP'),
    thaw: () => child?.kill('SIGCONT'),
    async dispose() {
      child?.kill('SIGCONT');
      await kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
