// Upstream work (a geocoder or a state-service call) in flight per caller:
// each key of a ticket (its account, its client IP) holds at most `perKey`
// slots. Further work of the same caller waits in arrival order (a lane per
// waiter) outside the shared geocoder line, so one caller's flood never lines
// up in front of everyone else; work whose keys have room goes past waiters
// whose keys are full. A wait past the ticket's deadline answers 429, a wait
// whose client has gone is dropped.
import { AppError, ErrorCode } from '#shared/errors.js';
import { WaitingLine, type LineTicket } from './waitingLine.js';
import type { WorkTicket } from './workTicket.js';

export class CallerGate {
  private readonly inFlight = new Map<string, number>();
  private arrivals = 0;
  private readonly line = new WaitingLine({
    laneOf: () => String((this.arrivals += 1)),
    hasRoom: (ticket) => ticket.keys.every((key) => (this.inFlight.get(key) ?? 0) < this.perKey),
    take: (ticket) => this.count(ticket, +1),
    give: (ticket) => this.count(ticket, -1),
    tooLate: () => this.busy(),
  });

  constructor(private readonly perKey: number) {}

  run<T>(ticket: WorkTicket, work: () => Promise<T>): Promise<T> {
    return this.line.run(ticket, work);
  }

  private count(ticket: LineTicket, change: 1 | -1): void {
    for (const key of ticket.keys) {
      const slots = (this.inFlight.get(key) ?? 0) + change;
      if (slots > 0) this.inFlight.set(key, slots);
      else this.inFlight.delete(key);
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
