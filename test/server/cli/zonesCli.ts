// `npm run zones:*` as an operator runs it, on the service's database: its
// output and exit code. `startedZones` runs the CLI's main function in this
// process (a process of its own costs seconds of transpiling per command);
// `spawnedZones` starts it as another process, for Ctrl-C (`interrupt`) and as
// the smoke test of the entry point.
import { execFile } from 'node:child_process';
import { runZones } from '#server/cli/zonesRun.js';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

type ZonesEnv = { DATABASE_URL: string; ZONE_FILES_DIR: string } & Record<string, string>;

/** A clean environment, as for another process: Vitest sets BASE_URL=/ (a Vite variable) in its own. */
function cliEnv(env: ZonesEnv): Record<string, string | undefined> {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    // The tests' stand-ins listen on loopback, which a download reaches only where the
    // operator allows it (DOWNLOAD_ALLOW_HOSTS).
    DOWNLOAD_ALLOW_HOSTS: '127.0.0.1',
    ...env,
  };
}

export function startedZones(env: ZonesEnv, command: string, ...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const done = runZones(['node', 'zones.ts', command, ...args], {
    env: cliEnv(env),
    out: (text) => out.push(`${text}\n`),
    err: (text) => err.push(`${text}\n`),
  }).then((code): CliResult => ({ code, stdout: out.join(''), stderr: err.join('') }));
  return { done };
}

export function spawnedZones(env: ZonesEnv, command: string, ...args: string[]) {
  let child: ReturnType<typeof execFile> | undefined;
  const done = new Promise<CliResult>((resolve) => {
    child = execFile(
      process.execPath,
      ['--import', 'tsx', 'server/src/cli/zones.ts', command, ...args],
      { env: cliEnv(env) },
      (error, stdout, stderr) => {
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
      },
    );
  });
  return { done, interrupt: () => child?.kill('SIGINT') };
}
