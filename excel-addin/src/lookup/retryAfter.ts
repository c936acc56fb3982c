// Reads the Retry-After header of a 429 answer (§7): delta seconds, or an HTTP date.

/** Milliseconds to wait, or undefined when the header is missing or unreadable. */
export function retryAfterMs(header: string | null, now: Date): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now.getTime());
}
