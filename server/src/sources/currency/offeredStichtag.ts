// What a state's service offers, as the background read last found it.

export interface OfferedStichtag {
  /** YYYY-MM-DD: the newest stichtag the service offers. */
  stichtag: string;
  /** When it was read. */
  readAt: Date;
}

/** The newest offered stichtag per state, as known to this instance (no I/O). */
export interface OfferedStichtage {
  of(state: string): OfferedStichtag | undefined;
}
