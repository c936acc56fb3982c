// Polls /healthz one request after another while a test attacks the service,
// and reports the slowest answer: a stalled event loop shows as a slow one.
// What is timed is each request's own round trip (written → answer read), on
// one kept-alive connection opened before the timing starts, from a process
// of its own: not the poller's lateness between polls, not a TCP handshake,
// not the first use of Node's fetch (undici loads lazily: 80-150 ms on its
// first call, which made the idle service look 80-90 ms late), and not the
// test's stand-ins, which build megabytes of answer in the test's process.
// The poller's own event loop is sampled as well: a round trip is only as
// exact as the poller's loop was prompt to read the answer.
import { spawn } from 'node:child_process';
import { once } from 'node:events';

export interface HealthFigures {
  count: number;
  /** The slowest round trip (ms). */
  maxMs: number;
  /** The 99th percentile of the round trips (ms). */
  p99Ms: number;
  /** The poller's own longest event-loop stall while polling (ms). */
  pollerStallMs: number;
  failures: string[];
}

export interface HealthPoll {
  stop(): Promise<HealthFigures>;
}

/** The poller's code: argv[1] the service URL, argv[2] the pause between requests (ms). */
const POLLER = `
const http = require('node:http');
const [url, interval] = [process.argv[1], Number(process.argv[2])];
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const get = () => new Promise((resolve) => {
  let written = 0;
  const req = http.get(url + '/healthz', { agent }, (res) => {
    res.resume();
    res.on('end', () => resolve({ ms: performance.now() - written, error: res.statusCode === 200 ? undefined : 'HTTP ' + res.statusCode }));
  });
  req.on('finish', () => { written = performance.now(); });
  req.on('error', (err) => resolve({ ms: performance.now() - written, error: String(err) }));
});
let stopped = false;
process.on('message', () => { stopped = true; });
let last = performance.now(), pollerStallMs = 0;
const sampler = setInterval(() => {
  const now = performance.now();
  pollerStallMs = Math.max(pollerStallMs, now - last - 10);
  last = now;
}, 10);
(async () => {
  // The connection opened (and the code warmed) before anything is timed.
  for (let i = 0; i < 3; i += 1) await get();
  pollerStallMs = 0;
  process.send('polling');
  const times = [];
  const failures = [];
  while (!stopped) {
    const { ms, error } = await get();
    times.push(ms);
    if (error !== undefined) failures.push(error);
    await new Promise((resolve) => setTimeout(resolve, interval));
  }
  clearInterval(sampler);
  times.sort((a, b) => a - b);
  const at = (q) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0);
  const figures = { count: times.length, maxMs: at(1), p99Ms: at(0.99), pollerStallMs: Math.round(pollerStallMs), failures };
  process.send(figures, () => process.exit(0));
})();
`;

/**
 * Every `intervalMs`, one GET /healthz (never two at once), timed in a process
 * of its own; resolves once the connection is open and the timing has begun.
 */
export async function pollHealth(url: string, intervalMs = 20): Promise<HealthPoll> {
  const child = spawn(process.execPath, ['-e', POLLER, url, String(intervalMs)], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await once(child, 'message');
  const result = once(child, 'message');
  return {
    async stop() {
      child.send('stop');
      const [figures] = (await result) as [HealthFigures];
      return figures;
    },
  };
}
