// The pieces that keep one caller from stalling the others: a shared run
// cancelled only when all its callers have gone (SingleFlight), upstream
// slots per account and IP (CallerGate) and the paced geocoder line with a
// lane per caller (createPacedLine). Orders are asserted, not durations.
import { describe, expect, it } from 'vitest';
import { isAppError } from '#shared/errors.js';
import { CallerGate } from '#server/scheduling/callerGate.js';
import type { WorkTicket } from '#server/scheduling/workTicket.js';
import { createPacedLine } from '#server/geocoding/geocoder/pacedLine.js';
import { SingleFlight } from '#server/scheduling/singleFlight.js';
import { createSourceGate } from '#server/scheduling/sourceGate.js';
import { isUpstreamOutage } from '#server/upstream/upstreamOutage.js';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

const ticket = (
  keys: string[],
  options: { waitMs?: number; signal?: AbortSignal } = {},
): WorkTicket => {
  const signal = options.signal ?? new AbortController().signal;
  return {
    keys,
    deadline: Date.now() + (options.waitMs ?? 10_000),
    signal,
    gone: () => signal.aborted,
  };
};

describe('SingleFlight with callers that leave', () => {
  it('keeps the run for the callers still waiting when one leaves', async () => {
    const flight = new SingleFlight<string>();
    const result = deferred<string>();
    let runSignal: AbortSignal | undefined;
    const leaving = new AbortController();
    const first = flight.run(
      'k',
      (signal) => {
        runSignal = signal;
        return result.promise;
      },
      leaving.signal,
    );
    const second = flight.run('k', () => Promise.reject(new Error('not run')), undefined);
    leaving.abort(new Error('gone'));
    await expect(first).rejects.toThrow('gone');
    result.resolve('value');
    await expect(second).resolves.toBe('value');
    expect(runSignal?.aborted).toBe(false);
  });

  it('cancels the run once every caller has gone', async () => {
    const flight = new SingleFlight<string>();
    let runSignal: AbortSignal | undefined;
    const a = new AbortController();
    const b = new AbortController();
    const run = (signal: AbortSignal) => {
      runSignal = signal;
      return new Promise<string>(() => undefined);
    };
    const first = flight.run('k', run, a.signal);
    const second = flight.run('k', run, b.signal);
    a.abort(new Error('a gone'));
    expect(runSignal?.aborted).toBe(false);
    b.abort(new Error('b gone'));
    await expect(first).rejects.toThrow('a gone');
    await expect(second).rejects.toThrow('b gone');
    expect(runSignal?.aborted).toBe(true);
  });
});

describe('CallerGate', () => {
  it('runs one caller’s work in its own slots and another caller’s at once', async () => {
    const gate = new CallerGate(1);
    const order: string[] = [];
    const release = deferred<undefined>();
    const held = gate.run(ticket(['account:a', 'ip:1']), async () => {
      order.push('a1 start');
      await release.promise;
      order.push('a1 end');
    });
    const queued = gate.run(ticket(['account:a', 'ip:2']), async () => {
      order.push('a2 start');
    });
    await gate.run(ticket(['account:b', 'ip:3']), async () => {
      order.push('b start');
    });
    release.resolve(undefined);
    await Promise.all([held, queued]);
    expect(order).toEqual(['a1 start', 'b start', 'a1 end', 'a2 start']);
  });

  it('holds work back when its IP is full although its account is not', async () => {
    const gate = new CallerGate(1);
    const release = deferred<undefined>();
    const held = gate.run(ticket(['account:a', 'ip:1']), () => release.promise);
    const order: string[] = [];
    const sameIp = gate.run(ticket(['account:b', 'ip:1']), async () => {
      order.push('b');
    });
    await Promise.resolve();
    expect(order).toEqual([]);
    release.resolve(undefined);
    await Promise.all([held, sameIp]);
    expect(order).toEqual(['b']);
  });

  it('answers 429 rate_limit_exceeded when no slot frees before the deadline', async () => {
    const gate = new CallerGate(1);
    const release = deferred<undefined>();
    const held = gate.run(ticket(['account:a']), () => release.promise);
    const late = gate.run(ticket(['account:a'], { waitMs: 20 }), () => Promise.resolve());
    await expect(late).rejects.toSatisfy(
      (err: unknown) => isAppError(err) && err.code === 'rate_limit_exceeded',
    );
    release.resolve(undefined);
    await held;
  });

  it('drops a waiter whose client has gone; it never runs', async () => {
    const gate = new CallerGate(1);
    const release = deferred<undefined>();
    const held = gate.run(ticket(['account:a']), () => release.promise);
    const gone = new AbortController();
    let ran = false;
    const dropped = gate.run(ticket(['account:a'], { signal: gone.signal }), async () => {
      ran = true;
    });
    gone.abort(new Error('client gone'));
    await expect(dropped).rejects.toThrow('client gone');
    release.resolve(undefined);
    await held;
    await gate.run(ticket(['account:a']), () => Promise.resolve());
    expect(ran).toBe(false);
  });
});

describe('the paced geocoder line', () => {
  const INTERVAL_MS = 20;

  it('gives each caller a turn in rotation, not in arrival order', async () => {
    const line = createPacedLine(INTERVAL_MS);
    const order: string[] = [];
    const take = (name: string, lane: string) =>
      line(ticket([lane])).then(() => {
        order.push(name);
      });
    const turns = [take('a1', 'a'), take('a2', 'a'), take('a3', 'a'), take('b1', 'b')];
    await Promise.all(turns);
    expect(order).toEqual(['a1', 'a2', 'b1', 'a3']);
  });

  it('refuses at once a turn that would come after the deadline', async () => {
    const line = createPacedLine(1000);
    await line(ticket(['a']));
    const refused = line(ticket(['a'], { waitMs: 500 }));
    await expect(refused).rejects.toSatisfy(
      (err: unknown) => isUpstreamOutage(err) && err.reason === 'queue_full',
    );
  });

  it('lets the next caller move up when a waiting caller leaves', async () => {
    const line = createPacedLine(INTERVAL_MS);
    const order: string[] = [];
    await line(ticket(['first']));
    const gone = new AbortController();
    const left = line(ticket(['x'], { signal: gone.signal }));
    const next = line(ticket(['y'])).then(() => order.push('y'));
    gone.abort(new Error('client gone'));
    await expect(left).rejects.toThrow('client gone');
    await next;
    expect(order).toEqual(['y']);
  });
});

describe('the per-state source gate', () => {
  it('gives a free place to the next caller in turn, not to the oldest waiter', async () => {
    const gate = createSourceGate(1);
    const order: string[] = [];
    const holding = deferred<undefined>();
    const first = gate('DE-HE', ticket(['account:a']), () => holding.promise);
    const batch = Array.from({ length: 5 }, (_, i) =>
      gate('DE-HE', ticket(['account:a']), async () => {
        order.push(`a${i}`);
      }),
    );
    const victim = gate('DE-HE', ticket(['account:b']), async () => {
      order.push('b');
    });
    holding.resolve(undefined);
    await Promise.all([first, ...batch, victim]);
    expect(order.indexOf('b')).toBe(1);
  });

  it('ends a wait at the deadline with 503 service_error and leaves the line', async () => {
    const gate = createSourceGate(1);
    const holding = deferred<undefined>();
    const first = gate('DE-HE', ticket(['account:a']), () => holding.promise);
    const late = gate('DE-HE', ticket(['account:b'], { waitMs: 20 }), async () => 'ran');
    const error = await late.catch((err: unknown) => err);
    expect(isAppError(error) && error.code).toBe('service_error');
    holding.resolve(undefined);
    await first;
    // Another state has a line of its own.
    expect(await gate('DE-NI', ticket(['account:b']), async () => 'ran')).toBe('ran');
  });
});
