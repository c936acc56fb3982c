// `npx tsx bench/profile.ts <scenario> [--seconds n] [--node-args="--cpu-prof …"]`:
// one scenario of the bench against a server started with extra node options
// (`--cpu-prof`, `--heap-prof`, …; files land in the server's working
// directory unless the option names one), plus the server's CPU time per
// request (utime + stime from /proc over the load) and its peak RSS, which
// vary far less on a shared machine than throughput does. Scenarios: hello,
// hello+ (a, a+), bodenwert (b), cached-json, cached-xml (c), cold (d: 50 ms
// geocoder + 50 ms source, sequential), cold-official (d*: official points,
// 50 ms source), same-stack (m: the same-stack minimum serving the service's
// answer of cached-json; node options apply to it), same-stack-loaded (m with
// the service's compiled modules loaded first, not run), zone-set (z: cold lookups
// answered from an imported zone set, each a new address). With --memory the server also
// reports where its memory lies at the end of the load (V8 heap by space,
// external, the rest: code, native libraries, C heap; bench/support/
// memoryReport.mjs). Run `npm run build:server` first.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import { createBenchDatabase, type BenchDatabase } from './support/benchDatabase.js';
import { startBenchWorld, type BenchWorld } from './support/benchWorld.js';
import { bodenwertRequest } from './support/bodenwertRequest.js';
import { startChildServer, type ChildServer } from './support/childServer.js';
import { SERVICE_ENTRY, START_NODE_OPTIONS } from './support/startOptions.js';
import { runLoad, warmUp, type LoadOptions } from './support/load.js';
import { importOfficialPoints } from './support/officialPoints.js';
import { measureColdOverhead } from './scenarios/coldLookups.js';
import { cachedAnswer, lookupPath, withSameStackMinimum } from './scenarios/sameStackMinimum.js';
import { measureZoneSetLookups } from './scenarios/zoneSetLookups.js';
import { importWiesbadenZoneSet } from './support/zoneSet.js';

const SCENARIOS = [
  'hello',
  'hello+',
  'bodenwert',
  'cached-json',
  'cached-xml',
  'cold',
  'cold-official',
  'same-stack',
  'same-stack-loaded',
  'zone-set',
] as const;
type Scenario = (typeof SCENARIOS)[number];

const program = new Command()
  .name('profile')
  .argument('<scenario>', SCENARIOS.join(' | '))
  .option('--seconds <n>', 'load duration', '10')
  .option('--node-args <args>', 'node options for the server, space-separated', '')
  .option('--memory', 'report where the memory of the server lies at the end of the load')
  .parse();
const scenario = program.args[0] as Scenario;
if (!SCENARIOS.includes(scenario)) program.error(`unknown scenario ${scenario}`);
const options = program.opts<{ seconds: string; nodeArgs: string; memory?: boolean }>();
const memoryDir = options.memory ? mkdtempSync(join(tmpdir(), 'brw-memory-')) : undefined;
const memoryFile = memoryDir && join(memoryDir, 'report.jsonl');
const nodeArgs = [
  ...START_NODE_OPTIONS,
  ...(memoryFile ? ['--import', './bench/support/memoryReport.mjs'] : []),
  ...options.nodeArgs.split(/\s+/).filter(Boolean),
];
const memoryEnv: Record<string, string> = memoryFile ? { MEMORY_REPORT_FILE: memoryFile } : {};

/** Asks the server for its memory report (--memory) and prints it. */
async function reportMemory(server: ChildServer): Promise<void> {
  if (!memoryFile) return;
  process.kill(server.pid, 'SIGUSR2');
  // A busy server may take a while to get to the signal.
  for (let waited = 0; !existsSync(memoryFile) && waited < 10_000; waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  console.log(`memory: ${(await readFile(memoryFile, 'utf8')).trim()}`);
}

/** utime + stime of the process in milliseconds (clock ticks of 10 ms). */
async function cpuMs(pid: number): Promise<number> {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function load(
  server: ChildServer,
  request: Omit<LoadOptions, 'url' | 'durationSeconds' | 'connections'> & { path: string },
) {
  const settings = { ...request, url: server.url + request.path, connections: 20 };
  await warmUp({ ...settings, durationSeconds: 2 });
  await server.resetPeak();
  const cpuBefore = await cpuMs(server.pid);
  const figures = await runLoad({ ...settings, durationSeconds: Number(options.seconds) });
  await reportMemory(server);
  const cpuPerRequestUs = (((await cpuMs(server.pid)) - cpuBefore) * 1000) / figures.requests;
  console.log(
    `${scenario}: ${figures.requestsPerSecond} req/s, p50 ${figures.p50Ms} ms, ` +
      `server CPU ${cpuPerRequestUs.toFixed(0)} µs/request over ${figures.requests} requests, ` +
      `peak RSS ${(await server.peakRssMb()).toFixed(0)} MB, failures ${figures.failures}`,
  );
}

async function withService(
  world: BenchWorld,
  body: (server: ChildServer, token: string, db: BenchDatabase) => Promise<void>,
  prepare?: (db: BenchDatabase) => Promise<void>,
) {
  const db = await createBenchDatabase('sqlite', '');
  await prepare?.(db);
  const server = await startChildServer(
    SERVICE_ENTRY,
    {
      DATABASE_URL: db.url,
      GEOCODER_URL: world.nominatim.url,
      GEOCODER_MIN_INTERVAL_MS: '0',
      BRW_SOURCES_FILE: world.registryFile,
      RATE_LIMIT_PER_MINUTE: '1000000000',
      LOG_LEVEL: 'info',
      NODE_ENV: 'production',
      ...memoryEnv,
    },
    nodeArgs,
  );
  try {
    console.log(`idle RSS ${(await server.rssMb()).toFixed(1)} MB`);
    await body(server, db.token, db);
  } finally {
    await server.stop();
    await db.dispose();
  }
}

/** (z): the bench's own load of new addresses, with the server's CPU time per request. */
async function zoneSetLoad(world: BenchWorld): Promise<void> {
  let zones = 0;
  await withService(
    world,
    async (server, token) => {
      const cpuBefore = await cpuMs(server.pid);
      const row = await measureZoneSetLookups({ server, world, token, zones }, { connections: 20 });
      await reportMemory(server);
      const requests = world.officialAddresses.length;
      const cpuPerRequestUs = (((await cpuMs(server.pid)) - cpuBefore) * 1000) / requests;
      console.log(
        `${scenario}: ${row.requestsPerSecond} req/s, p50 ${row.p50Ms} ms, server CPU ` +
          `${cpuPerRequestUs.toFixed(0)} µs/request over about ${requests} requests (warm-up ` +
          `included), peak RSS ${row.peakRssMb} MB; ${row.note ?? ''}`,
      );
    },
    async (db) => {
      await importOfficialPoints(db.db.sequelize, world);
      zones = await importWiesbadenZoneSet(db.db.sequelize);
    },
  );
}

async function main(): Promise<void> {
  if (scenario === 'hello' || scenario === 'hello+') {
    const server = await startChildServer(
      'bench/processes/helloWorld.mjs',
      { BENCH_MIDDLEWARE: scenario === 'hello' ? '0' : '1', ...memoryEnv },
      nodeArgs,
    );
    await load(server, { path: '/' }).finally(() => server.stop());
    return;
  }
  const world = await startBenchWorld();
  try {
    if (scenario === 'zone-set') {
      await zoneSetLoad(world);
      return;
    }
    await withService(world, async (server, token, db) => {
      const headers = { Authorization: `Bearer ${token}` };
      if (scenario === 'cold' || scenario === 'cold-official') {
        const located = scenario === 'cold' ? 'geocoder' : 'official';
        if (located === 'official') await importOfficialPoints(db.db.sequelize, world);
        const { row } = await measureColdOverhead({ server, world, token }, 50, located);
        console.log(`${scenario}: p50 ${row.p50Ms} ms; ${row.note ?? ''}`);
      } else if (scenario === 'bodenwert') {
        await load(server, bodenwertRequest(token));
      } else if (scenario === 'same-stack' || scenario === 'same-stack-loaded') {
        const answer = await cachedAnswer(server, token);
        await withSameStackMinimum(
          answer,
          (minimum) => load(minimum, { path: answer.path, headers }),
          nodeArgs,
          { serviceModules: scenario === 'same-stack-loaded' },
        );
      } else {
        const path = lookupPath(scenario === 'cached-xml' ? 'xml' : 'json');
        await load(server, { path, headers });
      }
    });
  } finally {
    await world.close();
  }
}

main()
  .catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(() => {
    if (memoryDir) rmSync(memoryDir, { recursive: true, force: true });
  });
