// Upstream work (a geocoder or a state-service call) in flight per caller:
// each key of a ticket (its account, its client IP) holds at most `perKey`
// slots. Further work of the same caller waits in arrival order outside the
// shared geocoder line, so one caller's flood never lines up in front of
// everyone else; a wait past the ticket's deadline answers 429, a wait whose
// client has gone is dropped.
import { AppError, ErrorCode } from '#shared/errors.js';
import type { WorkTicket } from './workTicket.js';

interface Waiter {
  ticket: WorkTicket;
  grant(): void;
}

export class CallerGate {
  private readonly inFlight = new Map<string, number>();
  private readonly waiters: Waiter[] = [];

  constructor(private readonly perKey: number) {}

  async run<T>(ticket: WorkTicket, work: () => Promise<T>): Promise<T> {
    await this.acquire(ticket);
    try {
      return await work();
    } finally {
      this.release(ticket);
    }
  }

  private hasRoom(ticket: WorkTicket): boolean {
    return ticket.keys.every((key) => (this.inFlight.get(key) ?? 0) < this.perKey);
  }

  private take(ticket: WorkTicket): void {
    for (const key of ticket.keys) this.inFlight.set(key, (this.inFlight.get(key) ?? 0) + 1);
  }

  private acquire(ticket: WorkTicket): Promise<void> {
    ticket.signal.throwIfAborted();
    if (this.hasRoom(ticket)) {
      this.take(ticket);
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const leave = (error: unknown) => {
        clearTimeout(timer);
        ticket.signal.removeEventListener('abort', onAbort);
        const index = this.waiters.indexOf(waiter);
        if (index >= 0) this.waiters.splice(index, 1);
        reject(error as Error);
      };
      const onAbort = () => leave(ticket.signal.reason);
      const waiter: Waiter = {
        ticket,
        grant: () => {
          clearTimeout(timer);
          ticket.signal.removeEventListener('abort', onAbort);
          this.take(ticket);
          resolve();
        },
      };
      const timer = setTimeout(() => leave(this.busy()), Math.max(0, ticket.deadline - Date.now()));
      ticket.signal.addEventListener('abort', onAbort, { once: true });
      this.waiters.push(waiter);
    });
  }

  private release(ticket: WorkTicket): void {
    for (const key of ticket.keys) {
      const left = (this.inFlight.get(key) ?? 1) - 1;
      if (left > 0) this.inFlight.set(key, left);
      else this.inFlight.delete(key);
    }
    // Arrival order, skipping waiters whose other key is still full.
    for (let i = 0; i < this.waiters.length;) {
      const waiter = this.waiters[i];
      if (waiter && this.hasRoom(waiter.ticket)) {
        this.waiters.splice(i, 1);
        waiter.grant();
      } else {
        i += 1;
      }
    }
  }

  private busy(): AppError {
    return new AppError(
      ErrorCode.rateLimitExceeded,
      `Zu viele gleichzeitige Abfragen ohne Cache-Treffer: höchstens ${this.perKey} je Konto ` +
        'und IP-Adresse. Bitte die Abfragen nacheinander senden oder später erneut versuchen.',
    );
  }
}
