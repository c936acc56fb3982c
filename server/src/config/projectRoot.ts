// The project root (the folder holding package.json), found by walking up from
// this module, so files that ship beside the code (source registry, dashboard
// views, Excel add-in build) resolve alike from server/src under tsx and from
// the compiled copy in dist/ that `npm start` runs.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function findProjectRoot(start: string): string {
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no package.json above ${start}`);
  }
}

export const PROJECT_ROOT = findProjectRoot(dirname(fileURLToPath(import.meta.url)));

/** A path inside the project, e.g. fromProjectRoot('server', 'sources'). */
export function fromProjectRoot(...segments: string[]): string {
  return join(PROJECT_ROOT, ...segments);
}
