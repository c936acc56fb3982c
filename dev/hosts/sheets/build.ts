// Builds the add-on exactly as `npm run build:sheets` does, into a temporary
// folder, with the given BASE_URL.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../../..');

export interface BuiltAddon {
  dir: string;
  /** dist/Code.js */
  code: string;
  /** dist/Sidebar.html */
  sidebarHtml: string;
  /** dist/appsscript.json, parsed */
  manifest: Record<string, unknown>;
  remove(): void;
}

export function buildAddon(baseUrl: string): BuiltAddon {
  const dir = mkdtempSync(path.join(tmpdir(), 'sheets-addon-'));
  execFileSync(
    process.execPath,
    [
      path.join(root, 'node_modules/webpack-cli/bin/cli.js'),
      '--config',
      path.join(root, 'sheets-addon/webpack.config.js'),
      '--env',
      `outDir=${dir}`,
    ],
    { cwd: root, env: { ...process.env, BASE_URL: baseUrl }, stdio: 'pipe' },
  );
  const read = (name: string) => readFileSync(path.join(dir, name), 'utf8');
  return {
    dir,
    code: read('Code.js'),
    sidebarHtml: read('Sidebar.html'),
    manifest: JSON.parse(read('appsscript.json')) as Record<string, unknown>,
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
