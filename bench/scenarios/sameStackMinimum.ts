// Scenario (m): the same-stack minimum of the cached lookup (c), its own
// libraries and one SELECT of the stored answer (bench/processes/
// sameStackMinimum.mjs), loaded like (c) and in turns with it: the gap
// between (c) and (m) is what the service adds over the stack it is built on.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_ADDRESSES } from '#dev/fakes/demoWorld.js';
import { startChildServer, type ChildServer } from '../support/childServer.js';
import type { Row } from '../support/report.js';
import { ratio } from '../support/targets.js';
import { measureThroughput, type LoadSettings } from './throughput.js';

export interface CachedAnswer {
  /** The path of (c), with the address in its query. */
  path: string;
  address: string;
  token: string;
  /** The service's answer to it. */
  body: string;
}

/** The path of (c) in a format. */
export const lookupPath = (format: 'json' | 'xml') =>
  `/api/bodenrichtwert?${new URLSearchParams({ address: DEMO_ADDRESSES.hannover, format }).toString()}`;

/** The service's cached JSON answer of (c), for the same-stack minimum (m). */
export async function cachedAnswer(server: ChildServer, token: string): Promise<CachedAnswer> {
  const path = lookupPath('json');
  const res = await fetch(server.url + path, { headers: { Authorization: `Bearer ${token}` } });
  if (res.status !== 200) throw new Error(`(m): the cached lookup answered ${res.status}`);
  return { path, address: DEMO_ADDRESSES.hannover, token, body: await res.text() };
}

/**
 * Runs `body` against the same-stack minimum serving `answer` (bench/profile.ts
 * passes node options and reads its CPU time). With `serviceModules` the
 * minimum first loads the service's compiled modules without running them,
 * so its heap carries what the service's code and libraries take.
 */
export async function withSameStackMinimum<T>(
  answer: CachedAnswer,
  body: (server: ChildServer) => Promise<T>,
  nodeArgs: string[] = [],
  { serviceModules = false }: { serviceModules?: boolean } = {},
): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'brw-answer-'));
  const file = join(dir, 'answer.json');
  writeFileSync(file, answer.body);
  const server = await startChildServer(
    'bench/processes/sameStackMinimum.mjs',
    {
      BENCH_ANSWER_FILE: file,
      BENCH_ADDRESS: answer.address,
      BENCH_TOKEN: answer.token,
      ...(serviceModules ? { BENCH_SERVICE_MODULES: '1' } : {}),
    },
    nodeArgs,
  );
  try {
    return await body(server);
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** (c), (m) and (m') measured in alternating rounds, and the round the ratio is read from. */
export interface PairedRounds {
  /** The cache hit of the median round. */
  cacheHit: Row;
  /** The same-stack minimum of the median round. */
  minimum: Row;
  /** (m'): the same minimum with the service's modules loaded, of the median round. */
  minimumLoaded: Row;
  /** c/m of every round, in the order measured. */
  ratios: number[];
  /** c/m' of every round. */
  loadedRatios: number[];
}

/**
 * Measures the cache hit on `service`, the same-stack minimum and (m'), the
 * minimum carrying the heap of the service's loaded code, in turns, `rounds`
 * times each, every server up the whole time: the machine's speed moves by a
 * third within minutes on a shared host, so a ratio of two loads taken
 * minutes apart says more about the moment than about the code. The rows
 * returned are those of the round with the median c/m.
 */
export function measureAgainstMinimum(
  service: ChildServer,
  answer: CachedAnswer,
  settings: LoadSettings & { rounds: number },
): Promise<PairedRounds> {
  const request = { path: answer.path, headers: { Authorization: `Bearer ${answer.token}` } };
  const measure = (server: ChildServer, row: Pick<Row, 'id' | 'scenario'>) =>
    measureThroughput(server, row, request, settings);
  return withSameStackMinimum(answer, (minimumServer) =>
    withSameStackMinimum(
      answer,
      async (loadedServer) => {
        const rounds: { cacheHit: Row; minimum: Row; minimumLoaded: Row }[] = [];
        for (let round = 0; round < settings.rounds; round++) {
          rounds.push({
            cacheHit: await measure(service, {
              id: 'c',
              scenario: 'GET /api/bodenrichtwert cache hit, JSON, SQLite',
            }),
            minimum: await measure(minimumServer, {
              id: 'm',
              scenario: 'same-stack minimum: helmet, log, json, bearer, 1 SELECT',
            }),
            minimumLoaded: await measure(loadedServer, {
              id: "m'",
              scenario: "(m) with the service's compiled modules loaded, not run",
            }),
          });
        }
        const byRatio = [...rounds].sort(
          (x, y) => ratio(x.cacheHit, x.minimum) - ratio(y.cacheHit, y.minimum),
        );
        const median = byRatio[Math.floor(byRatio.length / 2)];
        if (!median) throw new Error('(c)/(m): no round measured');
        return {
          ...median,
          ratios: rounds.map((r) => ratio(r.cacheHit, r.minimum)),
          loadedRatios: rounds.map((r) => ratio(r.cacheHit, r.minimumLoaded)),
        };
      },
      [],
      { serviceModules: true },
    ),
  );
}
