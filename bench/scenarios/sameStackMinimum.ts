// Scenario (m): the same-stack minimum of the cached lookup (c), its own
// libraries and one SELECT of the stored answer (bench/processes/
// sameStackMinimum.mjs), loaded like (c): the gap between (c) and (m) is what
// the service adds over the stack it is built on.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startChildServer } from '../support/childServer.js';
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

export async function measureSameStackMinimum(
  answer: CachedAnswer,
  settings: LoadSettings,
): Promise<Row> {
  const dir = mkdtempSync(join(tmpdir(), 'brw-answer-'));
  const file = join(dir, 'answer.json');
  writeFileSync(file, answer.body);
  const server = await startChildServer('bench/processes/sameStackMinimum.mjs', {
    BENCH_ANSWER_FILE: file,
    BENCH_ADDRESS: answer.address,
    BENCH_TOKEN: answer.token,
  });
  try {
    return await measureThroughput(
      server,
      {
        id: 'm',
        scenario: 'same-stack minimum: helmet, log, json, bearer, 1 SELECT',
      },
      { path: answer.path, headers: { Authorization: `Bearer ${answer.token}` } },
      settings,
    );
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
