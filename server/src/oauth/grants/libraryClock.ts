// @node-oauth/oauth2-server reads the system clock for expiry dates and
// checks; the service runs on an injected clock. These two conversions keep
// the remaining lifetime equal on both sides, so a controlled clock in tests
// expires codes and tokens exactly as real time would.
import type { Clock } from '../../time/clock.js';

export interface LibraryClock {
  /** A date the library computed (system time) on our clock. */
  fromLibrary(date: Date): Date;
  /** A date on our clock as the library's system time. */
  toLibrary(date: Date): Date;
}

export function libraryClock(clock: Clock): LibraryClock {
  return {
    fromLibrary: (date) => new Date(clock().getTime() + (date.getTime() - Date.now())),
    toLibrary: (date) => new Date(Date.now() + (date.getTime() - clock().getTime())),
  };
}
