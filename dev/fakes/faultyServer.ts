// The frame of the state-service fakes: a loopback server that counts
// requests, injects the configured fault, and otherwise sends what the
// service's answer function returns.
import { FaultSwitch, respond } from './faults.js';
import { startLoopback } from './loopback.js';

export interface FakeRequest {
  method: string;
  url: URL;
  body: string;
}

export interface FakeAnswer {
  status: number;
  contentType: string;
  /** Text, or bytes (a map image). */
  body: string | Buffer;
}

export interface FakeServer {
  url: string;
  calls(): number;
  faults: FaultSwitch;
  close(): Promise<void>;
}

export async function startFakeServer(
  answer: (request: FakeRequest) => FakeAnswer,
): Promise<FakeServer> {
  const faults = new FaultSwitch();
  let calls = 0;
  const server = await startLoopback((req, res, body) => {
    calls += 1;
    const url = new URL(req.url ?? '/', 'http://fake');
    const result = answer({ method: req.method ?? 'GET', url, body });
    respond(res, result.status, result.contentType, result.body, faults.take());
  });
  return { url: server.url, calls: () => calls, faults, close: () => server.close() };
}

/** Query parameters are case-insensitive in OGC services. */
export function param(url: URL, name: string): string | undefined {
  const wanted = name.toUpperCase();
  for (const [key, value] of url.searchParams) if (key.toUpperCase() === wanted) return value;
  return undefined;
}
