// Concurrent calls with the same key share one run and its outcome, so a burst
// of identical cold lookups costs one geocoder call and one source call.
// A caller whose signal aborts stops waiting at once; the run itself is
// cancelled (its signal aborted) only when every caller waiting for it has
// gone, so one client leaving never fails another's answer.

interface Flight<T> {
  promise: Promise<T>;
  controller: AbortController;
  /** Callers still waiting; those without a signal never leave. */
  waiting: number;
}

export class SingleFlight<T> {
  private readonly flights = new Map<string, Flight<T>>();

  /** Whether a run for `key` is under way (a new call would join it). */
  has(key: string): boolean {
    return this.flights.has(key);
  }

  run(key: string, work: (signal: AbortSignal) => Promise<T>, signal?: AbortSignal): Promise<T> {
    signal?.throwIfAborted();
    let flight = this.flights.get(key);
    if (!flight) {
      const controller = new AbortController();
      const promise = work(controller.signal).finally(() => this.flights.delete(key));
      flight = { promise, controller, waiting: 0 };
      this.flights.set(key, flight);
    }
    return follow(flight, signal);
  }
}

function follow<T>(flight: Flight<T>, signal: AbortSignal | undefined): Promise<T> {
  flight.waiting += 1;
  if (!signal) return flight.promise;
  return new Promise<T>((resolve, reject) => {
    const leave = () => {
      flight.waiting -= 1;
      if (flight.waiting === 0) flight.controller.abort(signal.reason);
      reject(signal.reason as Error);
    };
    signal.addEventListener('abort', leave, { once: true });
    flight.promise.finally(() => signal.removeEventListener('abort', leave)).then(resolve, reject);
  });
}
