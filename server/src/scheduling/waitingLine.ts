// The one waiting line behind every bound on upstream work: the slots per
// caller (CallerGate), the places per state service (SourceGate) and the
// paced geocoder line. A policy says what room work needs and when there is
// some; the line says who waits and in which order. Waiters wait in lanes and
// the lanes take turns: the first lane whose oldest waiter has room goes, then
// moves to the end, so one lane's backlog delays another's work by at most
// one turn per busy lane. A wait ends at its ticket's deadline (the policy's
// error) or when its client has gone (the ticket's abort reason); either way
// the waiter leaves the line and never runs.
import type { WorkTicket } from './workTicket.js';

export type LineTicket = Pick<WorkTicket, 'keys' | 'deadline' | 'signal'>;

export interface LinePolicy {
  /** The lane a ticket waits in. */
  laneOf(ticket: LineTicket): string;
  /** Whether the ticket's work may start now. */
  hasRoom(ticket: LineTicket): boolean;
  /** Takes the room the starting work holds (slots, a place, the pace's turn). */
  take(ticket: LineTicket): void;
  /** Gives the room back when the work has ended. */
  give(ticket: LineTicket): void;
  /** Milliseconds until room appears by itself (a pace); undefined when only a release frees it. */
  roomInMs?(): number;
  /** The error of a wait that reached the ticket's deadline. */
  tooLate(ticket: LineTicket): Error;
}

interface Waiter {
  ticket: LineTicket;
  start(): void;
}

export class WaitingLine {
  /** Waiters per lane; the map's order is the rotation. */
  private readonly lanes = new Map<string, Waiter[]>();
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly policy: LinePolicy) {}

  /** How many wait in each lane, in turn order. */
  get waiting(): ReadonlyMap<string, readonly unknown[]> {
    return this.lanes;
  }

  /** Runs `work` once it is the ticket's turn, and gives its room back after. */
  async run<T>(ticket: LineTicket, work: () => Promise<T>): Promise<T> {
    await this.enter(ticket);
    try {
      return await work();
    } finally {
      this.policy.give(ticket);
      this.pump();
    }
  }

  /** Resolves when it is the ticket's turn (its room taken); rejects when the wait ends first. */
  enter(ticket: LineTicket): Promise<void> {
    ticket.signal.throwIfAborted();
    if (this.lanes.size === 0 && this.policy.hasRoom(ticket)) {
      this.policy.take(ticket);
      return Promise.resolve();
    }
    const lane = this.policy.laneOf(ticket);
    return new Promise<void>((resolve, reject) => {
      const stopWaiting = () => {
        clearTimeout(deadline);
        ticket.signal.removeEventListener('abort', onAbort);
      };
      const leave = (error: unknown) => {
        stopWaiting();
        const waiters = this.lanes.get(lane) ?? [];
        const index = waiters.indexOf(waiter);
        if (index >= 0) waiters.splice(index, 1);
        if (waiters.length === 0) this.lanes.delete(lane);
        reject(error as Error);
        this.pump();
      };
      const onAbort = () => leave(ticket.signal.reason);
      const waiter: Waiter = {
        ticket,
        start: () => {
          stopWaiting();
          resolve();
        },
      };
      const deadline = Number.isFinite(ticket.deadline)
        ? setTimeout(
            () => leave(this.policy.tooLate(ticket)),
            Math.max(0, ticket.deadline - Date.now()),
          )
        : undefined;
      ticket.signal.addEventListener('abort', onAbort, { once: true });
      const waiters = this.lanes.get(lane);
      if (waiters) waiters.push(waiter);
      else this.lanes.set(lane, [waiter]);
      this.pump();
    });
  }

  /** Starts waiters while there is room, lanes in rotation; waits for a pace's next turn. */
  private pump(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    for (;;) {
      const turn = [...this.lanes].find(
        ([, waiters]) => waiters[0] !== undefined && this.policy.hasRoom(waiters[0].ticket),
      );
      if (!turn) break;
      const [lane, waiters] = turn;
      const waiter = waiters.shift() as Waiter;
      this.lanes.delete(lane);
      if (waiters.length > 0) this.lanes.set(lane, waiters);
      this.policy.take(waiter.ticket);
      waiter.start();
    }
    const roomIn = this.lanes.size > 0 ? this.policy.roomInMs?.() : undefined;
    if (roomIn !== undefined) this.timer = setTimeout(() => this.pump(), roomIn);
  }
}
