// Keeps a number of lookups in flight until stopped and records every
// answer with the time it took, so tests can compare counts with usage.
/** Lookups a load keeps in flight. */
export const LOAD_CONCURRENCY = 8;

/**
 * The environment that gives one caller as many upstream slots as its load
 * keeps in flight: a load of one account from one IP would otherwise wait
 * for its own slots and, on a busy machine, get 429 once the wait passes
 * the upstream timeout. That fairness rule is tested in lookupStall.test.ts.
 */
export const LOAD_SLOTS_ENV = { UPSTREAM_SLOTS_PER_CALLER: String(LOAD_CONCURRENCY) };

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
  concurrency = LOAD_CONCURRENCY,
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
