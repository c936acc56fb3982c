// How `npm start` runs the service (package.json), so the bench and the
// profiler run it as deployed.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './childServer.js';

/** The compiled service `npm start` runs (`prebench` builds it). */
export const SERVICE_ENTRY = 'dist/server/src/main.js';

/** The node options of the `start` script. */
export const START_NODE_OPTIONS = (
  JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } }
).scripts.start
  .split(/\s+/)
  .filter((word) => word.startsWith('--'));
