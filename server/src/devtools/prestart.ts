// `npm start`'s prestart: builds what changed (see startBuild.ts) with the
// compilers' own output kept to errors, so a start prints the service's
// "Bereit: …" line and not webpack's asset listing.
import { spawn } from 'node:child_process';
import { ConfigError } from '../config/configError.js';
import { fromProjectRoot, PROJECT_ROOT } from '../config/projectRoot.js';
import { buildForStart } from './startBuild.js';

class BuildFailed extends Error {}

function runNode(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: PROJECT_ROOT, env, stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new BuildFailed(`${args[0]} exited with ${code}`)),
    );
  });
}

try {
  await buildForStart(PROJECT_ROOT, process.env, {
    server: async () => {
      await runNode([
        fromProjectRoot('node_modules/typescript/bin/tsc'),
        '-b',
        'server/tsconfig.build.json',
      ]);
      // The compiled server resolves #shared/* through dist/package.json.
      await runNode([fromProjectRoot('scripts/distPackage.mjs')]);
    },
    excel: (baseUrl) => {
      process.stdout.write(`Excel-Add-in wird für ${baseUrl} gebaut …\n`);
      return runNode(
        [
          fromProjectRoot('node_modules/webpack-cli/bin/cli.js'),
          '--config',
          'excel-addin/webpack.config.cjs',
          '--mode',
          'production',
          '--stats',
          'errors-warnings',
        ],
        { ...process.env, BASE_URL: baseUrl },
      );
    },
  });
} catch (err) {
  // A compiler has printed its errors already; a bad setting is said here.
  console.error(err instanceof ConfigError || err instanceof BuildFailed ? err.message : err);
  process.exit(1);
}
