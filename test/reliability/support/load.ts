// Keeps a number of lookups in flight until stopped and records every
// answer with the time it took, so tests can compare counts with usage.
export interface LoadAnswer {
  /** The number passed to `request`. */
  round: number;
  status: number;
  code: string | undefined;
  ms: number;
  /** Milliseconds since the load started, when the request was sent. */
  sentAt: number;
  /** Milliseconds since the load started, when the answer arrived. */
  at: number;
}

export interface Load {
  answers: LoadAnswer[];
  /** Requests that got no HTTP answer at all (connection refused or reset). */
  noAnswer: number;
  /** Requests sent and not yet answered, right now. */
  inFlight: number;
  stop(): Promise<void>;
}

export function startLoad(
  request: (round: number) => Promise<Response>,
  concurrency: number,
): Load {
  const load: Load = { answers: [], noAnswer: 0, inFlight: 0, stop: async () => undefined };
  const started = performance.now();
  let running = true;
  let round = 0;
  const worker = async () => {
    while (running) {
      const sent = performance.now();
      const mine = round++;
      load.inFlight += 1;
      try {
        const res = await request(mine);
        const body = (await res.json().catch(() => ({}))) as { error?: string };
        load.inFlight -= 1;
        const now = performance.now();
        load.answers.push({
          round: mine,
          status: res.status,
          code: body.error,
          ms: now - sent,
          sentAt: sent - started,
          at: now - started,
        });
      } catch {
        load.inFlight -= 1;
        load.noAnswer += 1;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
  };
  const workers = Array.from({ length: concurrency }, worker);
  load.stop = async () => {
    running = false;
    await Promise.all(workers);
  };
  return load;
}

export function countByStatus(
  answers: readonly Pick<LoadAnswer, 'status' | 'code'>[],
): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { status, code } of answers) {
    const key = code ? `${status} ${code}` : String(status);
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}
