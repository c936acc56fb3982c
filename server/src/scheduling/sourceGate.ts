// Bounds the requests this instance sends to each state's land-value service
// at once (SOURCE_MAX_CONCURRENCY): a batch of a hundred addresses in one
// state, or a burst of single lookups, queues here instead of storming an
// official service. Callers (accounts) are the lanes of the waiting line: a
// free place goes to the next caller in rotation, not to the oldest waiter, so
// one caller's backlog never lines up in front of another's single lookup. No
// wait outlasts the ticket's deadline (503 then) or its client.
import { AppError, ErrorCode } from '#shared/errors.js';
import { WaitingLine } from './waitingLine.js';
import type { WorkTicket } from './workTicket.js';

/** Runs `work` once it is the caller's turn at `state` and fewer than the bound are running. */
export type SourceGate = <T>(
  state: string,
  ticket: WorkTicket,
  work: () => Promise<T>,
) => Promise<T>;

function busy(): AppError {
  return new AppError(
    ErrorCode.serviceError,
    'Die amtliche Bodenrichtwert-Quelle ist gerade ausgelastet. Bitte später erneut versuchen.',
  );
}

function stateLine(max: number): WaitingLine {
  let running = 0;
  return new WaitingLine({
    laneOf: (ticket) => ticket.keys[0] ?? '',
    hasRoom: () => running < max,
    take: () => {
      running += 1;
    },
    give: () => {
      running -= 1;
    },
    tooLate: busy,
  });
}

export function createSourceGate(maxConcurrent: number): SourceGate {
  const perState = new Map<string, WaitingLine>();
  return (state, ticket, work) => {
    let line = perState.get(state);
    if (!line) {
      line = stateLine(maxConcurrent);
      perState.set(state, line);
    }
    return line.run(ticket, work);
  };
}
