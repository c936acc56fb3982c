// `npm run sources:check -- --record DIR`: asks each connected source at its
// probe point through the real adapter, with an upstream that keeps every
// answer it parses, and writes the exchanges in the layout of recording.ts.
// A state whose service fails is reported and nothing is written for it.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ProbePoint } from '../sources/sourceDefinition.js';
import type { Logger } from '../logging/logger.js';
import type { Clock } from '../time/clock.js';
import type { Upstream } from '../upstream/upstream.js';
import { isUpstreamOutage } from '../upstream/upstreamOutage.js';
import { loadSourceRegistry } from '../sources/registry.js';
import type { ConfiguredSource } from '../sources/sourceDefinition.js';
import {
  RECORDING_FILE,
  bodyExtension,
  recordedRequest,
  type Exchange,
  type Recording,
} from './recording.js';

export interface RecordResult {
  state: string;
  status: 'recorded' | 'failed' | 'not_connected';
  detail: string;
}

export interface RecordDeps {
  registryFile: string;
  upstream: Upstream;
  logger: Logger;
  clock: Clock;
}

export async function recordAnswers(
  dir: string,
  states: readonly string[],
  probes: Readonly<Record<string, ProbePoint>>,
  deps: RecordDeps,
): Promise<RecordResult[]> {
  const exchanges: Exchange[] = [];
  const recording: Upstream = {
    request: (request, parse) =>
      deps.upstream.request(request, (answer) => {
        exchanges.push({ request, answer });
        return parse(answer);
      }),
  };
  const registry = await loadSourceRegistry(deps.registryFile, { ...deps, upstream: recording });
  const results: RecordResult[] = [];
  for (const state of states) {
    const entry = registry.forState(state);
    const probe = probes[state];
    if (entry?.status !== 'configured') {
      results.push({ state, status: 'not_connected', detail: entry?.reason ?? 'not connected' });
      continue;
    }
    if (!probe) {
      results.push({ state, status: 'failed', detail: 'no probe point' });
      continue;
    }
    exchanges.length = 0;
    const recordedAt = deps.clock().toISOString();
    try {
      const records = await entry.adapter.recordsAt(probe);
      const written = await writeRecording(join(dir, state), {
        state,
        place: probe.place,
        point: { lat: probe.lat, lon: probe.lon },
        recordedAt,
        source: withoutCommentary(entry.source),
        exchanges: lastPerRequest(exchanges),
      });
      results.push({
        state,
        status: 'recorded',
        detail: `${count(records.length, 'record')} from ${count(written, 'answer')} at ${probe.place}`,
      });
    } catch (err) {
      if (!isUpstreamOutage(err)) throw err;
      results.push({ state, status: 'failed', detail: `${err.reason}: ${err.message}` });
    }
  }
  return results;
}

async function writeRecording(
  folder: string,
  recording: Omit<Recording, 'exchanges'> & { exchanges: readonly Exchange[] },
): Promise<number> {
  await mkdir(folder, { recursive: true });
  const files = await Promise.all(
    recording.exchanges.map(async (exchange, i) => {
      const n = String(i + 1);
      const body = `${n}.body.${bodyExtension(exchange.answer.contentType)}`;
      const request = `${n}.request.json`;
      await writeFile(join(folder, body), exchange.answer.text);
      await writeFile(
        join(folder, request),
        `${JSON.stringify(recordedRequest(exchange), null, 2)}\n`,
      );
      return { request, body };
    }),
  );
  const index: Recording = { ...recording, exchanges: files };
  await writeFile(join(folder, RECORDING_FILE), `${JSON.stringify(index, null, 2)}\n`);
  return files.length;
}

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** A retried request was answered twice; the answer the adapter went on with counts. */
function lastPerRequest(exchanges: readonly Exchange[]): Exchange[] {
  const byRequest = new Map<string, Exchange>();
  for (const exchange of exchanges) {
    const { url, method, body } = exchange.request;
    const key = JSON.stringify([method ?? 'GET', url, body ?? '']);
    byRequest.delete(key);
    byRequest.set(key, exchange);
  }
  return [...byRequest.values()];
}

/** The entry as the adapter needs it; evidence and notes stay in the registry. */
function withoutCommentary(source: ConfiguredSource): Recording['source'] {
  const { evidence: _evidence, notes: _notes, ...rest } = source;
  return {
    ...rest,
    owners: [...rest.owners],
    fields: { ...rest.fields },
    options: rest.options as Record<string, unknown>,
  };
}
