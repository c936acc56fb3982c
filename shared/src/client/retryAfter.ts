// Reads the Retry-After header of a 429 answer (§7). RFC 9110 §10.2.3 allows
// two forms, delta-seconds and an HTTP-date; both add-ins read both. They wait
// that long before asking again, never longer than one cap, so a bogus header
// cannot park a spreadsheet for hours (Sheets also stops at its time budget).

/** Waited when a 429 carries no usable Retry-After. */
export const DEFAULT_RETRY_AFTER_MS = 1000;

/** The longest wait of either add-in: the server counts requests per minute (RATE_LIMIT_PER_MINUTE). */
export const MAX_RETRY_WAIT_MS = 60_000;

/** Milliseconds to wait, or undefined when the header is missing or unreadable. */
export function retryAfterMs(header: string | null | undefined, nowMs: number): number | undefined {
  const value = header?.trim() ?? '';
  if (value === '') return undefined;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  // Every HTTP-date form starts with the day name; Date.parse would also take '-5'.
  if (!/^[A-Za-z]{3}/.test(value)) return undefined;
  const date = Date.parse(value);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - nowMs);
}

/** The wait before the next attempt: the header's, else the default, at most MAX_RETRY_WAIT_MS. */
export function retryWaitMs(header: string | null | undefined, nowMs: number): number {
  return Math.min(retryAfterMs(header, nowMs) ?? DEFAULT_RETRY_AFTER_MS, MAX_RETRY_WAIT_MS);
}
