// The layering of server/src, lowest row first: a folder may import folders of
// lower rows only; folders of one row do not import each other. One table
// feeds the ESLint import rules (eslint.config.js) and the folder graph check
// (`npm run deps`), and docs/ARCHITECTURE.md explains it.

/** The part whose top folders are layered (SERVER_LAYERS). */
export const SERVER = 'server/src';

/** The files directly in server/src (app.ts, context.ts, main.ts) form one node. */
export const ROOT = '(root)';

export const SERVER_LAYERS = [
  ['config', 'time', 'memory'],
  ['logging'],
  ['db'],
  ['http'],
  ['auth', 'mail'],
  ['apiKeys'],
  ['accounts'],
  ['geo', 'upstream', 'scheduling'],
  ['sources'],
  ['geocoding', 'cadastre', 'zoneSets'],
  ['lookup'],
  ['parcels', 'addressImport', 'sourceCheck', 'marketData'],
  ['web', 'addins', 'zoneImport'],
  ['oauth'],
  ['api', 'dashboard'],
  ['openapi'],
  ['mcp'],
  [ROOT],
  ['cli', 'devtools'],
];

/** Row of a server/src folder; undefined for a folder missing from the table. */
export function layerOf(folder) {
  const row = SERVER_LAYERS.findIndex((names) => names.includes(folder));
  return row < 0 ? undefined : row;
}

/** Folders a folder may not import: its own row's neighbours and every higher row. */
export function forbiddenFor(folder) {
  const row = layerOf(folder);
  return SERVER_LAYERS.slice(row)
    .flat()
    .filter((name) => name !== folder);
}

/**
 * The node of a file in the folder graph: a server/src top folder, the
 * server/src root files, or the part of the repository (shared/src, the
 * add-ins, test, bench); undefined for files outside them (node_modules).
 */
export function folderOf(path) {
  const server = /^server\/src\/(?:([^/]+)\/)?/.exec(path);
  if (server) return server[1] === undefined ? ROOT : server[1];
  const part = /^(shared\/src|excel-addin\/src|sheets-addon\/src|dev|test|bench)\//.exec(path);
  return part?.[1];
}

/**
 * Parts outside server/src and what each may import (server/src counts as one
 * part). dev/ is development support (loopback fakes, the demo, stand-ins for
 * the spreadsheet hosts, the test server): tests and benchmarks use it, the
 * product never does, and it uses no test.
 */
const PRODUCT = ['shared/src', 'server/src', 'excel-addin/src', 'sheets-addon/src'];
export const PARTS = {
  'shared/src': [],
  'excel-addin/src': ['shared/src'],
  'sheets-addon/src': ['shared/src'],
  dev: PRODUCT,
  bench: [...PRODUCT, 'dev'],
  test: [...PRODUCT, 'dev'],
};

/**
 * The parts whose folders may form no cycle at any depth: server/src and
 * every part of PARTS (a part listed there is checked as well), tests and
 * benchmarks included: support that serves several test folders lives in
 * test/support.
 */
export const DEEP_CHECKED_PARTS = [SERVER, ...Object.keys(PARTS)];
