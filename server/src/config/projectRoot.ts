// The project root (the folder whose package.json names the project), found by
// walking up from this module, so files that ship beside the code (source
// registry, dashboard views, Excel add-in build) resolve alike from server/src
// under tsx and from the compiled copy in dist/ that `npm start` runs. The
// nameless dist/package.json the build writes only gives the compiled files
// their imports map (#shared/*).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function namesTheProject(dir: string): boolean {
  const file = join(dir, 'package.json');
  if (!existsSync(file)) return false;
  return typeof (JSON.parse(readFileSync(file, 'utf8')) as { name?: unknown }).name === 'string';
}

function findProjectRoot(start: string): string {
  for (let dir = start; ; dir = dirname(dir)) {
    if (namesTheProject(dir)) return dir;
    if (dirname(dir) === dir) throw new Error(`no package.json above ${start}`);
  }
}

export const PROJECT_ROOT = findProjectRoot(dirname(fileURLToPath(import.meta.url)));

/** A path inside the project, e.g. fromProjectRoot('server', 'sources'). */
export function fromProjectRoot(...segments: string[]): string {
  return join(PROJECT_ROOT, ...segments);
}
