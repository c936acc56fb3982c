// Reads the Retry-After header of a 429 answer (§7): delta seconds or an HTTP
// date. Both add-ins wait this long before asking again, never longer than a cap,
// so a bogus header cannot park a spreadsheet for hours.

/** Waited when a 429 carries no usable Retry-After. */
export const DEFAULT_RETRY_AFTER_MS = 1000;

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

/** The wait before the next attempt: the header's, else the default, at most `capMs`. */
export function retryWaitMs(
  header: string | null | undefined,
  nowMs: number,
  capMs: number,
): number {
  return Math.min(retryAfterMs(header, nowMs) ?? DEFAULT_RETRY_AFTER_MS, capMs);
}
