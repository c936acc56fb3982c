// Answers the requests of a recording (`sources:check -- --record`, see
// selfCheck/recording.ts) with the recorded bodies, on loopback. Its `fetch`
// sends every request there, whatever host it names, so a replay never
// reaches the outside world; a request that was not recorded gets 404 (as a
// data year that is not released yet).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  RECORDING_FILE,
  recordedRequestSchema,
  recordingSchema,
  type RecordedRequest,
  type Recording,
} from '#server/sourceCheck/recording.js';
import { startFakeServer } from './faultyServer.js';

export interface Replay {
  recording: Recording;
  fetch: typeof fetch;
  /** The URLs asked that no recorded request matched. */
  unanswered: string[];
  close(): Promise<void>;
}

export async function startReplay(folder: string): Promise<Replay> {
  const recording = recordingSchema.parse(
    JSON.parse(await readFile(join(folder, RECORDING_FILE), 'utf8')),
  );
  const exchanges = await Promise.all(
    recording.exchanges.map(async (files) => ({
      request: recordedRequestSchema.parse(
        JSON.parse(await readFile(join(folder, files.request), 'utf8')),
      ) as RecordedRequest,
      body: await readFile(join(folder, files.body), 'utf8'),
    })),
  );
  const unanswered: string[] = [];
  const server = await startFakeServer(({ method, url, body }) => {
    const original = decodeURIComponent(url.pathname.slice(1)) + url.search;
    const found = exchanges.find(
      ({ request }) =>
        request.method === method && request.url === original && (request.body ?? '') === body,
    );
    if (!found) {
      unanswered.push(original);
      return { status: 404, contentType: 'text/plain', body: 'not recorded' };
    }
    const { status, contentType } = found.request.response;
    return { status, contentType, body: found.body };
  });
  const redirect: typeof fetch = (input, init) => {
    const target = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
    );
    const query = target.search;
    target.search = '';
    return fetch(`${server.url}/${encodeURIComponent(target.href)}${query}`, init);
  };
  return { recording, fetch: redirect, unanswered, close: () => server.close() };
}
