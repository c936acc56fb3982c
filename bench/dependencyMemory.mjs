// `node --expose-gc bench/dependencyMemory.mjs [module …]`: each dependency's
// share of the service's memory, by importing the modules one after another
// into plain node (after `npm run build:server`) and reading resident memory
// and V8 heap after a full collection. Without arguments it takes the
// dependencies the service loads at start, then the service's own modules.
import process from 'node:process';

const DEFAULT_MODULES = [
  'express',
  'zod',
  'sequelize',
  'sqlite3',
  'mysql2',
  'pino',
  'helmet',
  'express-rate-limit',
  'lru-cache',
  'fast-xml-parser',
  'cors',
  'yaml',
  'express-session',
  'umzug',
  'proj4',
  'passport',
  'passport-http-bearer',
  'htmlparser2',
  'flatbush',
  'eta',
  'csrf-csrf',
  'cookie-parser',
  '../dist/server/src/app.js',
  '../dist/server/src/context.js',
  // Loaded on first use only: the first /mcp request, the first OAuth
  // request, REDIS_URL, the first ArcGIS layer list.
  '@modelcontextprotocol/sdk/server/mcp.js',
  '@modelcontextprotocol/sdk/server/streamableHttp.js',
  '@node-oauth/oauth2-server',
  'redis',
  'rate-limit-redis',
  '@streamparser/json',
];

if (typeof globalThis.gc !== 'function') throw new Error('run with node --expose-gc');
const collect = globalThis.gc;
const mb = (bytes) => bytes / 1_048_576;
const snapshot = () => {
  collect();
  collect();
  const usage = process.memoryUsage();
  return { rss: mb(usage.rss), heap: mb(usage.heapUsed) };
};

const print = (line) => process.stdout.write(`${line}\n`);
const modules = process.argv.length > 2 ? process.argv.slice(2) : DEFAULT_MODULES;
let before = snapshot();
print(`node alone: RSS ${before.rss.toFixed(1)} MB, heap ${before.heap.toFixed(1)} MB`);
for (const name of modules) {
  await import(name);
  const after = snapshot();
  const rss = (after.rss - before.rss).toFixed(1);
  const heap = (after.heap - before.heap).toFixed(1);
  print(`${name.padEnd(55)} RSS +${rss.padStart(5)} MB  heap +${heap.padStart(5)} MB`);
  before = after;
}
print(`all: RSS ${before.rss.toFixed(1)} MB, heap ${before.heap.toFixed(1)} MB`);
