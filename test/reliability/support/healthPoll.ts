// Polls /healthz one request after another while a test attacks the service,
// and reports the slowest answer: a stalled event loop shows as a slow one.
export interface HealthPoll {
  stop(): Promise<{ count: number; maxMs: number; failures: string[] }>;
}

/** Every `intervalMs`, one GET /healthz (never two at once), timed in this process. */
export function pollHealth(url: string, intervalMs = 20): HealthPoll {
  let stopped = false;
  let count = 0;
  let maxMs = 0;
  const failures: string[] = [];
  const loop = (async () => {
    while (!stopped) {
      const started = performance.now();
      const outcome = await fetch(`${url}/healthz`).then(
        async (res) => {
          await res.arrayBuffer();
          return res.ok ? undefined : `HTTP ${res.status}`;
        },
        (err: unknown) => String(err),
      );
      const ms = performance.now() - started;
      count += 1;
      maxMs = Math.max(maxMs, ms);
      if (outcome !== undefined) failures.push(outcome);
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      return { count, maxMs: Math.round(maxMs), failures };
    },
  };
}
