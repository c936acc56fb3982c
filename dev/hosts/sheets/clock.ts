// The time the add-on sees inside the vm (Date, Utilities.sleep, cache expiry).
// It runs `scale` times faster than real time, so a test can cross Apps
// Script's 30-second limit while the loopback server is only a little slow,
// and it can jump ahead (advance) to expire cache entries.

export interface TestClock {
  now(): number;
  advance(ms: number): void;
  /** Every Utilities.sleep in milliseconds, in call order. */
  sleeps: number[];
}

export function scaledClock(scale = 1, start = Date.parse('2026-11-22T10:00:00Z')): TestClock {
  const realStart = performance.now();
  let offset = 0;
  return {
    now: () => Math.round(start + offset + (performance.now() - realStart) * scale),
    advance: (ms) => {
      offset += ms;
    },
    sleeps: [],
  };
}

/** A Date class for the vm whose "now" is the test clock. */
export function dateClassFor(clock: TestClock): DateConstructor {
  class ClockDate extends Date {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(clock.now());
      else super(...(args as [string | number]));
    }

    static override now(): number {
      return clock.now();
    }
  }
  return ClockDate as unknown as DateConstructor;
}
