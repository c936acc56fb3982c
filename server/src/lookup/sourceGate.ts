// Bounds the requests this instance sends to each state's land-value service
// at once (SOURCE_MAX_CONCURRENCY): a batch of a hundred addresses in one
// state, or a burst of single lookups, queues here instead of storming an
// official service. Callers (accounts) take turns: a free place goes to the
// next caller in rotation, not to the oldest waiter, so one caller's backlog
// never lines up in front of another's single lookup. No wait outlasts the
// ticket's deadline (503 then) or its client.
import { AppError, ErrorCode } from '#shared/errors.js';
import type { WorkTicket } from './fairness/workTicket.js';

/** Runs `work` once it is the caller's turn at `state` and fewer than the bound are running. */
export type SourceGate = <T>(
  state: string,
  ticket: WorkTicket,
  work: () => Promise<T>,
) => Promise<T>;

interface Waiter {
  start(): void;
}

class StateLine {
  private running = 0;
  /** Waiters per caller; the map's order is the rotation. */
  private readonly waiting = new Map<string, Waiter[]>();

  constructor(private readonly max: number) {}

  async run<T>(ticket: WorkTicket, work: () => Promise<T>): Promise<T> {
    await this.turn(ticket);
    try {
      return await work();
    } finally {
      this.running -= 1;
      this.next();
    }
  }

  private turn(ticket: WorkTicket): Promise<void> {
    ticket.signal.throwIfAborted();
    if (this.running < this.max && this.waiting.size === 0) {
      this.running += 1;
      return Promise.resolve();
    }
    const caller = ticket.keys[0] ?? '';
    return new Promise<void>((resolve, reject) => {
      const leave = (error: unknown) => {
        clearTimeout(timer);
        ticket.signal.removeEventListener('abort', onAbort);
        const line = this.waiting.get(caller) ?? [];
        const index = line.indexOf(waiter);
        if (index >= 0) line.splice(index, 1);
        if (line.length === 0) this.waiting.delete(caller);
        reject(error as Error);
      };
      const onAbort = () => leave(ticket.signal.reason);
      const waiter: Waiter = {
        start: () => {
          clearTimeout(timer);
          ticket.signal.removeEventListener('abort', onAbort);
          resolve();
        },
      };
      const timer = setTimeout(() => leave(busy()), Math.max(0, ticket.deadline - Date.now()));
      ticket.signal.addEventListener('abort', onAbort, { once: true });
      const line = this.waiting.get(caller);
      if (line) line.push(waiter);
      else this.waiting.set(caller, [waiter]);
    });
  }

  /** Gives free places to the callers in rotation: the first caller's oldest waiter, who then goes last. */
  private next(): void {
    while (this.running < this.max) {
      const first = this.waiting.entries().next();
      if (first.done) return;
      const [caller, line] = first.value;
      const waiter = line.shift();
      this.waiting.delete(caller);
      if (line.length > 0) this.waiting.set(caller, line);
      if (!waiter) continue;
      this.running += 1;
      waiter.start();
    }
  }
}

function busy(): AppError {
  return new AppError(
    ErrorCode.serviceError,
    'Die amtliche Bodenrichtwert-Quelle ist gerade ausgelastet. Bitte später erneut versuchen.',
  );
}

export function createSourceGate(maxConcurrent: number): SourceGate {
  const perState = new Map<string, StateLine>();
  return (state, ticket, work) => {
    let line = perState.get(state);
    if (!line) {
      line = new StateLine(maxConcurrent);
      perState.set(state, line);
    }
    return line.run(ticket, work);
  };
}
