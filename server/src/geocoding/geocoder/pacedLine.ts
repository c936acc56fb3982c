// The line in front of a geocoder that allows one request per interval (the
// public Nominatim: one per second): the one waiting line with a pace for its
// room. Each caller (account and IP) has a lane and the lanes take turns, so a
// caller with many requests waiting delays another caller's request by at
// most one turn per busy caller, not by its whole backlog. A request whose
// turn would come after its deadline is refused at once (an outage: 503, or
// an expired cache entry) instead of waiting longer than the upstream
// timeout; one whose client has gone leaves the line and gives its turn to
// the next.
import { WaitingLine } from '../../scheduling/waitingLine.js';
import { UpstreamOutage } from '../../upstream/upstreamOutage.js';
import type { GeocoderTurn } from './geocoder.js';

export type PacedLine = (ticket: GeocoderTurn) => Promise<void>;

function lineFull(): UpstreamOutage {
  return new UpstreamOutage('queue_full', 'geocoder line full: no turn before the deadline');
}

export function createPacedLine(intervalMs: number): PacedLine {
  let lastTurn = -Infinity;
  const nextTurn = () => lastTurn + intervalMs;
  const laneOf = (ticket: GeocoderTurn) => ticket.keys.join('|');
  const line = new WaitingLine({
    laneOf,
    hasRoom: () => Date.now() >= nextTurn(),
    take: () => {
      lastTurn = Date.now();
    },
    give: () => undefined,
    roomInMs: () => Math.max(0, nextTurn() - Date.now()),
    tooLate: lineFull,
  });

  /** At the latest when the k-th waiter of `lane` gets its turn: every other lane may go first up to k times. */
  function latestTurn(lane: string, position: number, now: number): number {
    let turnsBefore = position - 1;
    for (const [other, waiting] of line.waiting) {
      if (other !== lane) turnsBefore += Math.min(waiting.length, position);
    }
    return Math.max(now, nextTurn()) + turnsBefore * intervalMs;
  }

  return async (ticket) => {
    if (intervalMs <= 0) return;
    ticket.signal.throwIfAborted();
    const lane = laneOf(ticket);
    const now = Date.now();
    const position = (line.waiting.get(lane)?.length ?? 0) + 1;
    if (latestTurn(lane, position, now) > ticket.deadline) throw lineFull();
    await line.enter(ticket);
  };
}
