// Throughput scenarios (a)–(c): warm up, then load for a fixed time and read
// the server's peak memory of that window.
import type { ChildServer } from '../support/childServer.js';
import { runLoad, warmUp, type LoadOptions } from '../support/load.js';
import type { Row } from '../support/report.js';

export interface LoadSettings {
  durationSeconds: number;
  connections: number;
}

export async function measureThroughput(
  server: ChildServer,
  row: Pick<Row, 'id' | 'scenario' | 'note'>,
  request: Omit<LoadOptions, 'url' | 'durationSeconds' | 'connections'> & { path: string },
  settings: LoadSettings,
): Promise<Row> {
  const options: LoadOptions = { ...request, ...settings, url: server.url + request.path };
  await warmUp(options);
  await server.resetPeak();
  const figures = await runLoad(options);
  if (figures.failures > 0) {
    throw new Error(`${row.id}: ${figures.failures} of ${figures.requests} requests failed`);
  }
  return {
    ...row,
    requestsPerSecond: figures.requestsPerSecond,
    p50Ms: figures.p50Ms,
    p99Ms: figures.p99Ms,
    peakRssMb: Math.round(await server.peakRssMb()),
  };
}
