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
  /** The latest request as received, so a benchmark can replay it with a bare client. */
  lastRequest(): FakeRequest | undefined;
  faults: FaultSwitch;
  close(): Promise<void>;
}

export async function startFakeServer(
  answer: (request: FakeRequest) => FakeAnswer,
): Promise<FakeServer> {
  const faults = new FaultSwitch();
  let calls = 0;
  let last: FakeRequest | undefined;
  const server = await startLoopback((req, res, body) => {
    calls += 1;
    last = { method: req.method ?? 'GET', url: new URL(req.url ?? '/', 'http://fake'), body };
    const result = answer(last);
    respond(res, result.status, result.contentType, result.body, faults.take());
  });
  return {
    url: server.url,
    calls: () => calls,
    lastRequest: () => last,
    faults,
    close: () => server.close(),
  };
}

/** Query parameters are case-insensitive in OGC services. */
export function param(url: URL, name: string): string | undefined {
  const wanted = name.toUpperCase();
  for (const [key, value] of url.searchParams) if (key.toUpperCase() === wanted) return value;
  return undefined;
}
