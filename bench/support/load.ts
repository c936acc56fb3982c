// Load with autocannon and the figures the report needs: throughput, p50,
// p99, and any answer that was not the expected status.
import autocannon, { type Request } from 'autocannon';

export interface LoadOptions {
  url: string;
  durationSeconds: number;
  /** A fixed number of requests instead of the duration (a finite supply of new addresses). */
  amount?: number;
  connections: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Varies the path per request (e.g. many cached addresses). */
  nextPath?: () => string;
  /** The status every answer must have; 2xx when not given. */
  expectedStatus?: number;
}

export interface LoadFigures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** Answers other than expected (2xx) plus connection errors; a valid run has none. */
  failures: number;
}

export async function runLoad(options: LoadOptions): Promise<LoadFigures> {
  const { nextPath } = options;
  // A fixed amount: autocannon ends the run at its next one-second tick after
  // the last answer (lib/run.js, tickInterval), so its duration is rounded up
  // to whole seconds; the run's own time ends at its last answer.
  const fixed = options.amount !== undefined;
  const startedAt = performance.now();
  let lastAnswerAt = startedAt;
  const onResponse = () => {
    lastAnswerAt = performance.now();
  };
  const request = {
    ...(nextPath ? { setupRequest: (req: Request) => ({ ...req, path: nextPath() }) } : {}),
    ...(fixed ? { onResponse } : {}),
  };
  const result = await autocannon({
    url: options.url,
    duration: options.durationSeconds,
    ...(options.amount === undefined ? {} : { amount: options.amount }),
    connections: options.connections,
    method: options.method ?? 'GET',
    headers: options.headers ?? {},
    ...(options.body === undefined ? {} : { body: options.body }),
    ...(nextPath || fixed ? { requests: [request] } : {}),
  });
  const { expectedStatus } = options;
  const unexpected =
    expectedStatus === undefined
      ? result.non2xx
      : result.requests.total - (result.statusCodeStats?.[`${expectedStatus}`]?.count ?? 0);
  return {
    requestsPerSecond: Math.round(
      fixed ? result.requests.total / ((lastAnswerAt - startedAt) / 1000) : result.requests.average,
    ),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    failures: unexpected + result.errors,
  };
}

/** A short run whose figures are thrown away: JIT, connection pools, caches. */
export async function warmUp(options: LoadOptions): Promise<void> {
  await runLoad({ ...options, durationSeconds: Math.min(2, options.durationSeconds) });
}
