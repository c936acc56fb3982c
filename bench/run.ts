// `npm run bench`: starts everything on loopback (a bare Express app, the real
// service as child processes on SQLite and on MariaDB, the upstream fakes in
// this process), loads it with autocannon, prints a table and writes JSON to
// bench/results/. `--quick` gives a smoke run of about two minutes; `--only auth`
// runs just the authentication cost (g).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Command, Option } from 'commander';
import { measureAuthCost } from './scenarios/authCost.js';
import { measureCacheScale } from './scenarios/cacheScale.js';
import { measureBurst, measureColdOverhead } from './scenarios/coldLookups.js';
import { measureRssGrowth } from './scenarios/rssGrowth.js';
import { cachedAnswer, lookupPath, measureAgainstMinimum } from './scenarios/sameStackMinimum.js';
import { measureThroughput, type LoadSettings } from './scenarios/throughput.js';
import { measureZoneSetLookups } from './scenarios/zoneSetLookups.js';
import { createBenchDatabase, type BenchDialect } from './support/benchDatabase.js';
import { startBenchWorld, type BenchWorld } from './support/benchWorld.js';
import { bodenwertRequest } from './support/bodenwertRequest.js';
import { clientCredentialsToken } from './support/oauthToken.js';
import { importOfficialPoints } from './support/officialPoints.js';
import { ROOT, startChildServer, type ChildServer } from './support/childServer.js';
import { SERVICE_ENTRY, START_NODE_OPTIONS } from './support/startOptions.js';
import { importWiesbadenZoneSet } from './support/zoneSet.js';
import { formatTable, machineState, type BenchReport, type Row } from './support/report.js';
import { judge } from './support/targets.js';

const program = new Command()
  .name('bench')
  .option('--quick', 'short runs and 100 thousand instead of 1 million cached coordinates')
  .option('--no-mariadb', 'skip the MariaDB runs')
  .option(
    '--mysql-url <url>',
    'MariaDB server for a bench database of its own',
    process.env.MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/test',
  )
  .addOption(
    new Option('--only <scenario>', 'run one scenario alone, without the targets').choices([
      'auth',
    ]),
  )
  .parse();
const options = program.opts<{
  quick?: boolean;
  mariadb: boolean;
  mysqlUrl: string;
  only?: 'auth';
}>();
const quick = options.quick === true;

const settings = {
  load: { durationSeconds: quick ? 3 : 10, connections: 20 } satisfies LoadSettings,
  /** Alternating loads of (c) and (m); their ratio is read from the median round. */
  minimumRounds: quick ? 1 : 3,
  coldLookups: quick ? 15 : 50,
  burst: 100,
  probes: quick ? 300 : 2000,
  cacheSizes: quick ? [10_000, 100_000] : [10_000, 1_000_000],
  longRunSeconds: quick ? 15 : 60,
};

const log = (line: string) => console.log(line);

async function startService(world: BenchWorld, databaseUrl: string): Promise<ChildServer> {
  return startChildServer(
    SERVICE_ENTRY,
    {
      DATABASE_URL: databaseUrl,
      GEOCODER_URL: world.nominatim.url,
      GEOCODER_MIN_INTERVAL_MS: '0',
      BRW_SOURCES_FILE: world.registryFile,
      // The per-IP limit would stop a load generator on one address within a second.
      RATE_LIMIT_PER_MINUTE: '1000000000',
      LOG_LEVEL: 'info',
      NODE_ENV: 'production',
    },
    START_NODE_OPTIONS,
  );
}

type BenchDb = Awaited<ReturnType<typeof createBenchDatabase>>;

/**
 * Runs `body` against a fresh database and a service process on it; `prepare`
 * fills the database before the service starts, as a deployment's imports are
 * in place when it starts (a running service sees a state's first import only
 * within a minute: docs/operations.md).
 */
async function withService<T>(
  world: BenchWorld,
  dialect: BenchDialect,
  body: (server: ChildServer, token: string, db: BenchDb) => Promise<T>,
  prepare?: (db: BenchDb) => Promise<void>,
): Promise<T> {
  const db = await createBenchDatabase(dialect, options.mysqlUrl);
  await prepare?.(db);
  const server = await startService(world, db.url);
  try {
    return await body(server, db.token, db);
  } finally {
    await server.stop();
    await db.dispose();
  }
}

/** (a) and (a+): the hello world as a child process, bare or with the service's middleware. */
async function measureHello(row: Pick<Row, 'id' | 'scenario'>, middleware: '0' | '1') {
  const server = await startChildServer('bench/processes/helloWorld.mjs', {
    BENCH_MIDDLEWARE: middleware,
  });
  return measureThroughput(server, row, { path: '/' }, settings.load).finally(() => server.stop());
}

async function cachedLookupRows(
  server: ChildServer,
  token: string,
  dialect: string,
  formats: readonly ('json' | 'xml')[] = ['json', 'xml'],
) {
  const headers = { Authorization: `Bearer ${token}` };
  const rows: Row[] = [];
  for (const format of formats) {
    rows.push(
      await measureThroughput(
        server,
        {
          id: 'c',
          scenario: `GET /api/bodenrichtwert cache hit, ${format.toUpperCase()}, ${dialect}`,
        },
        { path: lookupPath(format), headers },
        settings.load,
      ),
    );
  }
  return rows;
}

/** (g) on SQLite: authentication per request, API key and OAuth token. */
function authCostRows(server: ChildServer, token: string, db: BenchDb): Promise<Row[]> {
  return clientCredentialsToken(server, db.db.sequelize, db.accountId).then((oauthToken) =>
    measureAuthCost(server, { apiKey: token, oauthToken }, settings.load),
  );
}

/** Every scenario, and the targets judged on their figures. */
async function fullRun(world: BenchWorld): Promise<Pick<BenchReport, 'rows' | 'checks'>> {
  log('(a) bare Express 5 hello world');
  const hello = await measureHello({ id: 'a', scenario: 'bare Express 5 hello world' }, '0');
  log('(a+) hello world with the request log, helmet and rate limit of the service');
  const helloWithMiddleware = await measureHello(
    { id: 'a+', scenario: 'hello world + request log, helmet, rate limit' },
    '1',
  );

  log('(b)–(e) and the long run on SQLite');
  const sqlite = await withService(
    world,
    'sqlite',
    async (server, token, db) => {
      const idleRssMb = await server.rssMb();
      const headers = { Authorization: `Bearer ${token}` };
      const bodenwert = await measureThroughput(
        server,
        { id: 'b', scenario: 'POST /api/bodenwert' },
        bodenwertRequest(token),
        settings.load,
      );
      const answer = await cachedAnswer(server, token);
      log("(c), (m), the same-stack minimum of (c), and (m') in turns");
      const paired = await measureAgainstMinimum(server, answer, {
        ...settings.load,
        rounds: settings.minimumRounds,
      });
      const cached = [
        paired.cacheHit,
        ...(await cachedLookupRows(server, token, 'SQLite', ['xml'])),
      ];
      const authCost = await authCostRows(server, token, db);
      const cold = await measureColdOverhead({ server, world, token }, settings.coldLookups);
      const coldOfficial = await measureColdOverhead(
        { server, world, token },
        settings.coldLookups,
        'official',
      );
      const burst = await measureBurst({ server, world, token }, settings.burst);
      log('long run');
      const longRun = await measureRssGrowth(
        server,
        { path: lookupPath('json'), headers, connections: settings.load.connections },
        settings.longRunSeconds,
      );
      return { idleRssMb, bodenwert, cached, paired, authCost, cold, coldOfficial, burst, longRun };
    },
    (db) => importOfficialPoints(db.db.sequelize, world),
  );

  const { minimum, minimumLoaded, ratios, loadedRatios } = sqlite.paired;
  const [cachedJson] = sqlite.cached;
  if (!cachedJson) throw new Error('(c): no JSON row on SQLite');
  const listed = (values: number[]) => values.map((r) => r.toFixed(2)).join(', ');
  minimum.note = `c (JSON, SQLite)/m ${listed(ratios)} in turns (median taken), m/a ${((minimum.requestsPerSecond ?? 0) / (hello.requestsPerSecond ?? Infinity)).toFixed(2)}`;
  minimumLoaded.note = `c/m' ${listed(loadedRatios)} in the same turns`;

  log('(z) cold lookups answered from a zone set, on SQLite, between two loads of (c)');
  let zones = 0;
  const zoneSet = await withService(
    world,
    'sqlite',
    async (server, token) => {
      const cacheHit = () => cachedLookupRows(server, token, 'SQLite', ['json']);
      const before = await cacheHit();
      const row = await measureZoneSetLookups({ server, world, token, zones }, settings.load);
      return { row, beside: [...before, ...(await cacheHit())] };
    },
    async (db) => {
      await importOfficialPoints(db.db.sequelize, world);
      zones = await importWiesbadenZoneSet(db.db.sequelize);
    },
  );
  const zoneSetLookup = zoneSet.row;
  const besideRates = zoneSet.beside.map((row) => row.requestsPerSecond ?? 0);
  const zoneSetCacheHit: Row = {
    ...cachedJson,
    requestsPerSecond: Math.round(besideRates.reduce((a, b) => a + b, 0) / besideRates.length),
  };
  zoneSetLookup.note += `; (c) in the same service before and after: ${besideRates.join(', ')} req/s`;

  let mariadbRows: Row[] = [];
  if (options.mariadb) {
    log('(c) on MariaDB');
    mariadbRows = await withService(world, 'mariadb', (server, token) =>
      cachedLookupRows(server, token, 'MariaDB'),
    );
  }

  log(`(f) cached coordinates: ${settings.cacheSizes.join(', ')}`);
  const scale = await withService(world, 'sqlite', (server, token, db) =>
    measureCacheScale(
      {
        server,
        token,
        sequelize: db.db.sequelize,
        probes: settings.probes,
        durationSeconds: settings.load.durationSeconds,
        connections: settings.load.connections,
      },
      settings.cacheSizes,
      log,
    ),
  );

  const cachedLookups = [...sqlite.cached, ...mariadbRows];
  const rows = [
    hello,
    helloWithMiddleware,
    minimum,
    minimumLoaded,
    sqlite.bodenwert,
    ...cachedLookups,
    ...sqlite.authCost,
    sqlite.cold.row,
    sqlite.coldOfficial.row,
    sqlite.burst.row,
    zoneSetLookup,
    ...scale.rows,
    sqlite.longRun.row,
  ];
  const checks = judge({
    hello,
    helloWithMiddleware,
    bodenwert: sqlite.bodenwert,
    cacheHit: cachedJson,
    minimum,
    zoneSetLookup,
    zoneSetCacheHit,
    overheadP50Ms: sqlite.cold.overheadP50Ms,
    officialOverheadP50Ms: sqlite.coldOfficial.overheadP50Ms,
    burst: sqlite.burst,
    cacheP50BySize: scale.p50BySize,
    appRows: rows.filter((row) => !row.id.startsWith('a') && !row.id.startsWith('m')),
    rssGrowthMb: sqlite.longRun.growthMb,
    idleRssMb: sqlite.idleRssMb,
  });
  return { rows, checks };
}

async function main(): Promise<void> {
  const report: BenchReport = {
    startedAt: new Date().toISOString(),
    quick,
    machine: machineState(),
    rows: [],
    checks: [],
  };
  log(`machine: ${JSON.stringify(report.machine)}`);
  const world = await startBenchWorld();
  try {
    if (options.only === 'auth') {
      log('(g) authentication cost on SQLite');
      report.rows = await withService(world, 'sqlite', authCostRows);
    } else {
      Object.assign(report, await fullRun(world));
    }
  } finally {
    await world.close();
  }
  log('');
  log(formatTable(report));
  const dir = join(ROOT, 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `bench-${report.startedAt.replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(join(dir, 'latest.json'), `${JSON.stringify(report, null, 2)}\n`);
  log(`\nresults: ${file}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
