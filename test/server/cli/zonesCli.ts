// `npm run zones:*` run as an operator runs it: another process on the
// service's database, its output and exit code; `interrupt` sends Ctrl-C.
import { execFile } from 'node:child_process';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export function startedZones(
  env: { DATABASE_URL: string; ZONE_FILES_DIR: string } & Record<string, string>,
  command: string,
  ...args: string[]
) {
  let child: ReturnType<typeof execFile> | undefined;
  const done = new Promise<CliResult>((resolve) => {
    child = execFile(
      process.execPath,
      ['--import', 'tsx', 'server/src/cli/zones.ts', command, ...args],
      // The tests' stand-ins listen on loopback, which a download reaches only where the
      // operator allows it (DOWNLOAD_ALLOW_HOSTS).
      {
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          DOWNLOAD_ALLOW_HOSTS: '127.0.0.1',
          ...env,
        },
      },
      (error, stdout, stderr) => {
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
      },
    );
  });
  return { done, interrupt: () => child?.kill('SIGINT') };
}
