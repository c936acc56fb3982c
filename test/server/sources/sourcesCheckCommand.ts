// Runs `npm run sources:check` as a child process against a registry file,
// the way an operator runs it, and returns its exit code and output.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

export function sourcesCheck(
  registryFile: string,
  args: readonly string[],
): Promise<{ code: number; stdout: string }> {
  return run('node_modules/.bin/tsx', ['server/src/cli/sourcesCheck.ts', ...args], {
    // A clean environment: Vitest sets BASE_URL=/ (a Vite variable) in its own.
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      BRW_SOURCES_FILE: registryFile,
      UPSTREAM_TIMEOUT_MS: '2000',
    },
  }).then(
    ({ stdout }) => ({ code: 0, stdout }),
    (err: { code: number; stdout: string; stderr: string }) => ({
      code: err.code,
      stdout: err.stdout + err.stderr,
    }),
  );
}
