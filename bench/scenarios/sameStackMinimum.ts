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
 * passes node options and reads its CPU time).
 */
export async function withSameStackMinimum<T>(
  answer: CachedAnswer,
  body: (server: ChildServer) => Promise<T>,
  nodeArgs: string[] = [],
): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'brw-answer-'));
  const file = join(dir, 'answer.json');
  writeFileSync(file, answer.body);
  const server = await startChildServer(
    'bench/processes/sameStackMinimum.mjs',
    { BENCH_ANSWER_FILE: file, BENCH_ADDRESS: answer.address, BENCH_TOKEN: answer.token },
    nodeArgs,
  );
  try {
    return await body(server);
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** (c) and (m) measured in alternating rounds, and the round the ratio is read from. */
export interface PairedRounds {
  /** The cache hit of the median round. */
  cacheHit: Row;
  /** The same-stack minimum of the median round. */
  minimum: Row;
  /** c/m of every round, in the order measured. */
  ratios: number[];
}

/**
 * Measures the cache hit on `service` and the same-stack minimum alternately,
 * `rounds` times each, both servers up the whole time: the machine's speed
 * moves by a third within minutes on a shared host, so a ratio of two loads
 * taken minutes apart says more about the moment than about the code. The
 * rows returned are those of the round with the median ratio.
 */
export function measureAgainstMinimum(
  service: ChildServer,
  answer: CachedAnswer,
  settings: LoadSettings & { rounds: number },
): Promise<PairedRounds> {
  const request = { path: answer.path, headers: { Authorization: `Bearer ${answer.token}` } };
  return withSameStackMinimum(answer, async (minimumServer) => {
    const pairs: { cacheHit: Row; minimum: Row; ratio: number }[] = [];
    for (let round = 0; round < settings.rounds; round++) {
      const cacheHit = await measureThroughput(
        service,
        { id: 'c', scenario: 'GET /api/bodenrichtwert cache hit, JSON, SQLite' },
        request,
        settings,
      );
      const minimum = await measureThroughput(
        minimumServer,
        { id: 'm', scenario: 'same-stack minimum: helmet, log, json, bearer, 1 SELECT' },
        request,
        settings,
      );
      const ratio = (cacheHit.requestsPerSecond ?? 0) / (minimum.requestsPerSecond ?? Infinity);
      pairs.push({ cacheHit, minimum, ratio });
    }
    const ratios = pairs.map((pair) => pair.ratio);
    const median = [...pairs].sort((x, y) => x.ratio - y.ratio)[Math.floor(pairs.length / 2)];
    if (!median) throw new Error('(c)/(m): no round measured');
    return { cacheHit: median.cacheHit, minimum: median.minimum, ratios };
  });
}
