// Polls /healthz one request after another while a test attacks the service,
// and reports the slowest answer: a stalled event loop shows as a slow one.
// The poller is a process of its own: the test's stand-ins run in the test's
// process and some build megabytes of answer at once (the cadastre fake
// writes a 100,000-vertex parcel in 0.4-0.7 s), which would be timed as the
// service's stall if the polling shared their event loop.
import { spawn } from 'node:child_process';
import { once } from 'node:events';

export interface HealthPoll {
  stop(): Promise<{ count: number; maxMs: number; failures: string[] }>;
}

/** The poller's code: argv[1] the service URL, argv[2] the pause between requests (ms). */
const POLLER = `
const [url, interval] = [process.argv[1], Number(process.argv[2])];
let stopped = false;
process.on('message', () => { stopped = true; });
(async () => {
  let count = 0, maxMs = 0;
  const failures = [];
  while (!stopped) {
    const started = performance.now();
    const outcome = await fetch(url + '/healthz').then(
      async (res) => { await res.arrayBuffer(); return res.ok ? undefined : 'HTTP ' + res.status; },
      (err) => String(err),
    );
    count += 1;
    maxMs = Math.max(maxMs, performance.now() - started);
    if (outcome !== undefined) failures.push(outcome);
    await new Promise((resolve) => setTimeout(resolve, interval));
  }
  process.send({ count, maxMs: Math.round(maxMs), failures }, () => process.exit(0));
})();
`;

/** Every `intervalMs`, one GET /healthz (never two at once), timed in a process of its own. */
export function pollHealth(url: string, intervalMs = 20): HealthPoll {
  const child = spawn(process.execPath, ['-e', POLLER, url, String(intervalMs)], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const result = once(child, 'message');
  return {
    async stop() {
      child.send('stop');
      const [figures] = (await result) as [{ count: number; maxMs: number; failures: string[] }];
      return figures;
    },
  };
}
