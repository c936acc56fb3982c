// Apps Script's time limit for custom functions: "A custom function call must
// return within 30 seconds. If it doesn't, the cell displays #ERROR! … Exceeded
// maximum execution time" (developers.google.com/apps-script/guides/sheets/functions).
// Google stops the script wherever it is, also inside a UrlFetchApp call, a
// Utilities.sleep or a LockService wait; what it did before stays done, an
// answer that arrives after the limit is lost. The stand-in checks the run's
// clock before and after every call of an Apps Script service.
import type { TestClock } from './clock.js';

export const CUSTOM_FUNCTION_LIMIT_MS = 30_000;
export const EXCEEDED_MESSAGE = 'Exceeded maximum execution time';

export class ExecutionLimit {
  private endsAt: number | null = null;
  /** The longest custom-function run so far, in the add-on's clock. */
  longestRunMs = 0;
  private startedAt = 0;

  constructor(private readonly clock: TestClock) {}

  /** A custom-function run starts (null: another execution, which has minutes, not seconds). */
  start(limitMs: number | null): void {
    this.startedAt = this.clock.now();
    this.endsAt = limitMs === null ? null : this.startedAt + limitMs;
  }

  /** The run ended; true when Google would have stopped it before. */
  end(): boolean {
    const over = this.exceeded();
    if (this.endsAt !== null) {
      this.longestRunMs = Math.max(this.longestRunMs, this.clock.now() - this.startedAt);
    }
    this.endsAt = null;
    return over;
  }

  exceeded(): boolean {
    return this.endsAt !== null && this.clock.now() > this.endsAt;
  }

  check(): void {
    if (this.exceeded()) throw new Error(EXCEEDED_MESSAGE);
  }
}

/** `service` with every method checking the limit before and after it runs. */
export function limited<T extends object>(service: T, limit: ExecutionLimit): T {
  return new Proxy(service, {
    get(target, property, receiver) {
      const member: unknown = Reflect.get(target, property, receiver);
      if (typeof member !== 'function') return member;
      return (...args: unknown[]) => {
        limit.check();
        const result: unknown = Reflect.apply(member, target, args);
        limit.check();
        return result;
      };
    },
  });
}
