// `npx tsx bench/idleMemory.ts [--starts n] [--entry a.js,b.js] [--node-args="…"] [--after s]`:
// the idle RSS of the service as the bench reads it (right after it answers
// /healthz), over several starts on one SQLite database, with where it lies
// (/proc/<pid>/smaps_rollup: anonymous pages, file-backed pages); with
// --after, read again once the service has been left alone that long (V8's
// memory reducer shrinks the heap some 20 s after start; the currency watch
// reads the sources' offers 60 s after start). Several entries (e.g. a
// worktree's dist/server/src/main.js beside ours) start in turn, so before
// and after are read in one run. Run `npm run build:server` first.
import { readFile } from 'node:fs/promises';
import { Command } from 'commander';
import { createBenchDatabase } from './support/benchDatabase.js';
import { startBenchWorld } from './support/benchWorld.js';
import { startChildServer } from './support/childServer.js';
import { SERVICE_ENTRY, START_NODE_OPTIONS } from './support/startOptions.js';

const program = new Command()
  .name('idle-memory')
  .option('--starts <n>', 'starts per entry', '5')
  .option('--entry <paths>', 'comma-separated entries to start in turn', SERVICE_ENTRY)
  .option('--node-args <args>', 'node options added to those of `npm start`', '')
  .option('--after <seconds>', 'also read the RSS this long after start')
  .parse();
const options = program.opts<{ starts: string; entry: string; nodeArgs: string; after?: string }>();

/** Resident kB by kind from smaps_rollup. */
async function residentKb(pid: number): Promise<Record<'rss' | 'anon' | 'file', number>> {
  const rollup = await readFile(`/proc/${pid}/smaps_rollup`, 'utf8');
  const kb = (field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(rollup)?.[1]);
  return { rss: kb('Rss'), anon: kb('Anonymous'), file: kb('Rss') - kb('Anonymous') };
}

const mb = (kb: number) => (kb / 1024).toFixed(1);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? NaN;

const world = await startBenchWorld();
const db = await createBenchDatabase('sqlite', '');
const nodeArgs = [...START_NODE_OPTIONS, ...options.nodeArgs.split(/\s+/).filter(Boolean)];
try {
  const entries = options.entry.split(',');
  const readings = new Map<string, Record<'rss' | 'anon' | 'file', number>[]>(
    entries.map((entry) => [entry, []]),
  );
  const later = new Map<string, number[]>(entries.map((entry) => [entry, []]));
  // Entries alternate, so a drift of the machine touches each alike.
  for (let start = 0; start < Number(options.starts); start += 1) {
    for (const entry of entries) {
      const server = await startChildServer(
        entry,
        {
          DATABASE_URL: db.url,
          GEOCODER_URL: world.nominatim.url,
          BRW_SOURCES_FILE: world.registryFile,
          LOG_LEVEL: 'info',
          NODE_ENV: 'production',
        },
        nodeArgs,
      );
      const started = Date.now();
      readings.get(entry)?.push(await residentKb(server.pid));
      if (options.after !== undefined) {
        const wait = Number(options.after) * 1000 - (Date.now() - started);
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, wait)));
        later.get(entry)?.push((await residentKb(server.pid)).rss);
      }
      await server.stop();
    }
  }
  for (const [entry, list] of readings) {
    const of = (kind: 'rss' | 'anon' | 'file') => list.map((reading) => reading[kind]);
    console.log(
      `${entry}: idle RSS median ${mb(median(of('rss')))} MB ` +
        `(${of('rss').map(mb).join(', ')}); anonymous ${mb(median(of('anon')))} MB, ` +
        `file-backed ${mb(median(of('file')))} MB` +
        (options.after === undefined
          ? ''
          : `; after ${options.after} s ${mb(median(later.get(entry) ?? []))} MB`),
    );
  }
} finally {
  await db.dispose();
  await world.close();
}
