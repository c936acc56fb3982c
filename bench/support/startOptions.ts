// How `npm start` runs the service (package.json), so the bench and the
// profiler run it as deployed.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './childServer.js';

/** The compiled service `npm start` runs (`prebench` builds it). */
export const SERVICE_ENTRY = 'dist/server/src/main.js';

const SCRIPTS = (
  JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  }
).scripts;

/** The node options of a package.json script. */
function nodeOptionsOf(script: string): string[] {
  return (SCRIPTS[script] ?? '').split(/\s+/).filter((word) => word.startsWith('--'));
}

/** The node options of the `start` script. */
export const START_NODE_OPTIONS = nodeOptionsOf('start');

/** The node options of `npm run addresses:import` (a bounded heap: its garbage is large). */
export const IMPORT_NODE_OPTIONS = nodeOptionsOf('addresses:import');
