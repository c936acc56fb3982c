// An official source or the geocoder failed in a way that is not our bug:
// the lookup answers with a stale cache entry or 503 service_error, never 500.

export type OutageReason =
  | 'timeout'
  | 'network'
  | 'http_status'
  | 'maintenance_page'
  | 'malformed_body'
  | 'service_exception'
  /** A redirect off the configured host (or too many). */
  | 'redirect'
  /** Our own line in front of a paced upstream is too long to wait in. */
  | 'queue_full';

export class UpstreamOutage extends Error {
  readonly reason: OutageReason;
  /** The HTTP status of an `http_status` outage. */
  readonly httpStatus: number | undefined;

  constructor(
    reason: OutageReason,
    message: string,
    options: { cause?: unknown; httpStatus?: number } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'UpstreamOutage';
    this.reason = reason;
    this.httpStatus = options.httpStatus;
  }
}

export function isUpstreamOutage(value: unknown): value is UpstreamOutage {
  return value instanceof UpstreamOutage;
}
