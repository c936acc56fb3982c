// The line in front of a geocoder that allows one request per interval (the
// public Nominatim: one per second). Each caller (account and IP) has a lane
// and the lanes take turns, so a caller with many requests waiting delays
// another caller's request by at most one turn per busy caller, not by its
// whole backlog. A request whose turn would come after its deadline is
// refused (an outage: 503, or an expired cache entry) instead of waiting
// longer than the upstream timeout; one whose client has gone leaves the line
// and gives its turn to the next.
import { UpstreamOutage } from '../upstream/upstreamOutage.js';
import type { GeocoderTurn } from './geocoder.js';

export type PacedLine = (ticket: GeocoderTurn) => Promise<void>;

interface Waiter {
  go(): void;
}

export function createPacedLine(intervalMs: number): PacedLine {
  /** Lanes in turn order: the lane served last moves to the end. */
  const lanes = new Map<string, Waiter[]>();
  let lastTurn = -Infinity;
  let timer: NodeJS.Timeout | undefined;

  function pump(): void {
    timer = undefined;
    for (const [lane, waiting] of lanes) {
      const wait = lastTurn + intervalMs - Date.now();
      if (wait > 0) {
        timer = setTimeout(pump, wait);
        return;
      }
      lastTurn = Date.now();
      lanes.delete(lane);
      const next = waiting.shift();
      if (waiting.length > 0) lanes.set(lane, waiting);
      next?.go();
    }
  }

  /** At the latest when the k-th waiter of `lane` gets its turn: every other lane may go first up to k times. */
  function latestTurn(lane: string, position: number, now: number): number {
    let turnsBefore = position - 1;
    for (const [other, waiting] of lanes) {
      if (other !== lane) turnsBefore += Math.min(waiting.length, position);
    }
    return Math.max(now, lastTurn + intervalMs) + turnsBefore * intervalMs;
  }

  function lineFull(waitMs: number): UpstreamOutage {
    return new UpstreamOutage('queue_full', `geocoder line full: no turn within ${waitMs} ms`);
  }

  return async (ticket) => {
    if (intervalMs <= 0) return;
    ticket.signal.throwIfAborted();
    const lane = ticket.keys.join('|');
    const waiting = lanes.get(lane) ?? [];
    const now = Date.now();
    if (latestTurn(lane, waiting.length + 1, now) > ticket.deadline) {
      throw lineFull(ticket.deadline - now);
    }
    await new Promise<void>((resolve, reject) => {
      const leave = (error: unknown) => {
        clearTimeout(deadline);
        ticket.signal.removeEventListener('abort', onAbort);
        const index = waiting.indexOf(waiter);
        if (index >= 0) waiting.splice(index, 1);
        if (waiting.length === 0 && lanes.get(lane) === waiting) lanes.delete(lane);
        reject(error as Error);
      };
      const onAbort = () => leave(ticket.signal.reason);
      const waiter: Waiter = {
        go: () => {
          clearTimeout(deadline);
          ticket.signal.removeEventListener('abort', onAbort);
          resolve();
        },
      };
      // Lanes that arrive later can still push a second or later turn back.
      const deadline = Number.isFinite(ticket.deadline)
        ? setTimeout(() => leave(lineFull(ticket.deadline - now)), ticket.deadline - now)
        : undefined;
      ticket.signal.addEventListener('abort', onAbort, { once: true });
      waiting.push(waiter);
      lanes.set(lane, waiting);
      if (timer === undefined) pump();
    });
  };
}
