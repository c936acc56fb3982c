// `npm run start:excel` (after `npm run build:excel`): sideloads the built
// add-in into desktop Excel with office-addin-debugging on Windows and macOS,
// the systems desktop Excel runs on; elsewhere it prints the sideload steps.
// The service must be running at the build's BASE_URL (`npm start`).
// `npm run stop:excel` removes the sideloaded add-in again.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { URL, fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const manifest = path.join(root, 'excel-addin/dist/manifest.xml');
const command = process.argv[2] === 'stop' ? 'stop' : 'start';

if (!existsSync(manifest)) {
  process.stderr.write('excel-addin/dist/manifest.xml is missing: run `npm run build:excel`.\n');
  process.exit(1);
}

if (process.platform !== 'win32' && process.platform !== 'darwin') {
  if (command === 'start') await import('./sideload-steps.mjs');
  process.exit(0);
}

const bin = path.join(
  root,
  'node_modules/.bin',
  process.platform === 'win32' ? 'office-addin-debugging.cmd' : 'office-addin-debugging',
);
if (!existsSync(bin)) {
  // An optional dependency: npm leaves it out where its native part (keytar,
  // which needs libsecret on Linux) cannot be built.
  process.stderr.write(
    'office-addin-debugging is not installed (an optional dependency that npm skips when ' +
      'it cannot be built). Run `npm install office-addin-debugging`, or sideload ' +
      'excel-addin/dist/manifest.xml by hand (Excel: Add-Ins › Upload My Add-in).\n',
  );
  process.exit(1);
}

const args =
  command === 'start'
    ? ['start', manifest, 'desktop', '--app', 'excel', '--no-debug', '--no-live-reload']
    : ['stop', manifest];
const result = spawnSync(bin, args, { stdio: 'inherit', shell: process.platform === 'win32' });
process.exit(result.status ?? 1);
