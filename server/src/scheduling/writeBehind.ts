// Cache writes of a cold lookup, taken off the answer's path: a write starts
// once the lookup's current step has run to its end, so the land-value row is
// written after the answer and the geocode row while the source is asked.
// A cache row is derived from upstream: if the process dies before the write,
// the next lookup of that address asks upstream again; no count and nothing a
// client sent is lost. Within the process a read of the same key waits for
// the key's write, so a repeated lookup never misses its own fresh row, and
// idle() (shutdown, tests) waits for every write.
import type { Logger } from '../logging/logger.js';

export class WriteBehind {
  private readonly writes = new Map<string, Promise<void>>();

  constructor(
    private readonly logger: Logger,
    /** What is written, for the log line of a failed write. */
    private readonly what: string,
  ) {}

  /**
   * Starts `write` once the current work has run to its end (setImmediate:
   * after an answer ready now is handed to the socket, and after the lookup's
   * next statement is queued on a one-connection SQLite pool). A failed write
   * is logged; the answer was right without it.
   */
  start(key: string, write: () => Promise<void>): void {
    const previous = this.writes.get(key);
    const run = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => previous)
      .then(write)
      .catch((err: unknown) => this.logger.error({ err }, `${this.what} write failed`))
      .finally(() => {
        if (this.writes.get(key) === run) this.writes.delete(key);
      });
    this.writes.set(key, run);
  }

  /** The running write of `key`, if any (never rejects). */
  pending(key: string): Promise<void> | undefined {
    return this.writes.get(key);
  }

  async idle(): Promise<void> {
    while (this.writes.size > 0) await Promise.all(this.writes.values());
  }
}
