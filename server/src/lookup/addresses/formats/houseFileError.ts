// A state file the reader cannot read at all (as opposed to a malformed row,
// which is counted and skipped). Not an AppError: its codes are the answers of
// the HTTP API (§7), and an operator's import file is no request; the import
// command prints the German message and branches on `reason`.

export type HouseFileErrorReason =
  'unreadable' | 'empty' | 'unknown_format' | 'no_data_entry' | 'missing_part';

export class HouseFileError extends Error {
  readonly reason: HouseFileErrorReason;

  constructor(reason: HouseFileErrorReason, message: string, options: { cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'HouseFileError';
    this.reason = reason;
  }
}
