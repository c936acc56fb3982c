// Builds the Excel add-in once for all test files: the output goes to a temp
// directory named after a hash of every build input, so parallel test files and
// repeated runs reuse one build. The first process to take the lock builds; the
// others wait for the directory to appear.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

const ROOT = resolve(import.meta.dirname, '../../..');
const INPUTS = [
  'excel-addin/src',
  'excel-addin/assets',
  'excel-addin/webpack.config.cjs',
  'excel-addin/tsconfig.json',
  'manifests/manifest.xml',
  'shared/src',
];
const BUILD_TIMEOUT_MS = 120_000;
const STALE_LOCK_MS = 180_000;

/** The BASE_URL the tests build with: not the default, so the rewrite is visible. */
export const TEST_BASE_URL = 'https://brw.example.test';

async function filesUnder(path: string): Promise<string[]> {
  if (!(await stat(path)).isDirectory()) return [path];
  const entries = await readdir(path, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

async function inputHash(baseUrl: string): Promise<string> {
  const hash = createHash('sha256').update(baseUrl);
  const files = (await Promise.all(INPUTS.map((p) => filesUnder(join(ROOT, p))))).flat().sort();
  for (const file of files) hash.update(file).update(await readFile(file));
  return hash.digest('hex').slice(0, 16);
}

async function runWebpack(outputDir: string, baseUrl: string): Promise<void> {
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
    ],
    { cwd: ROOT, env: { ...process.env, BASE_URL: baseUrl }, timeout: BUILD_TIMEOUT_MS },
  );
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The directory of a production build with BASE_URL=baseUrl. */
export async function buildAddin(baseUrl = TEST_BASE_URL): Promise<string> {
  const dir = join(tmpdir(), `brw-excel-addin-${await inputHash(baseUrl)}`);
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
