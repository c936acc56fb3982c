// Builds the Excel add-in once for all test files: the output goes to a temp
// directory named after a hash of every build input (the fingerprint npm start
// uses), so parallel test files and repeated runs reuse one build. The first
// process to take the lock builds; the others wait for the directory to appear.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { fingerprint } from '#server/devtools/buildStamp.js';

const ROOT = resolve(import.meta.dirname, '../../..');
const BUILD_TIMEOUT_MS = 120_000;
const STALE_LOCK_MS = 180_000;

/** The BASE_URL the tests build with: not the default, so the rewrite is visible. */
export const TEST_BASE_URL = 'https://brw.example.test';

/**
 * A production build into `outputDir` (in place: the scripts of an earlier
 * build there stay). `hashSalt` changes every content hash, as a new version's
 * build would.
 */
export async function runWebpack(
  outputDir: string,
  baseUrl: string,
  hashSalt?: string,
): Promise<void> {
  await promisify(execFile)(
    process.execPath,
    [
      join(ROOT, 'node_modules/webpack-cli/bin/cli.js'),
      '--config',
      join(ROOT, 'excel-addin/webpack.config.cjs'),
      '--mode',
      'production',
      '--output-path',
      outputDir,
      ...(hashSalt === undefined ? [] : ['--output-hash-salt', hashSalt]),
    ],
    { cwd: ROOT, env: { ...process.env, BASE_URL: baseUrl }, timeout: BUILD_TIMEOUT_MS },
  );
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The directory of a production build with BASE_URL=baseUrl. */
export async function buildAddin(baseUrl = TEST_BASE_URL): Promise<string> {
  const hash = (await fingerprint(ROOT, baseUrl)).slice(0, 16);
  const dir = join(tmpdir(), `brw-excel-addin-${hash}`);
  const lock = `${dir}.lock`;
  const deadline = Date.now() + BUILD_TIMEOUT_MS;
  while (!existsSync(dir)) {
    if (Date.now() > deadline) throw new Error(`add-in build did not finish in ${dir}`);
    try {
      await mkdir(lock);
    } catch {
      const age = Date.now() - (await stat(lock).catch(() => ({ mtimeMs: Date.now() }))).mtimeMs;
      if (age > STALE_LOCK_MS) await rm(lock, { recursive: true, force: true });
      await pause(250);
      continue;
    }
    try {
      // Another process may have finished between our check and the lock.
      if (existsSync(dir)) break;
      const partial = `${dir}.partial-${process.pid}`;
      await runWebpack(partial, baseUrl);
      await rename(partial, dir);
    } finally {
      await rm(lock, { recursive: true, force: true });
    }
  }
  return dir;
}
