// What a download's response says about the body it carries: where a 206
// range starts, how long the whole file is, and whether it is an HTML page
// (a portal, a login, an error page) rather than the file.

/** The first byte a 206 answer carries: `Content-Range: bytes 100-199/200` (RFC 9110 §14.4). */
export function rangeStart(response: Response): number | undefined {
  const match = /^bytes (\d+)-\d+\/(?:\d+|\*)$/.exec(response.headers.get('content-range') ?? '');
  return match ? Number(match[1]) : undefined;
}

/** The whole file's size: Content-Range's length, else what Content-Length adds to `start`. */
export function totalSize(response: Response, start: number): number | undefined {
  const range = /\/(\d+)$/.exec(response.headers.get('content-range') ?? '');
  if (range) return Number(range[1]);
  const length = response.headers.get('content-length');
  return length === null ? undefined : start + Number(length);
}

export function isHtmlType(contentType: string): boolean {
  return /^\s*(text\/html|application\/xhtml\+xml)\b/i.test(contentType);
}

/** A body that begins as an HTML document, whatever its Content-Type claims. */
export function startsAsHtml(bytes: Uint8Array): boolean {
  const start = Buffer.from(bytes.subarray(0, 512)).toString('latin1').trimStart().toLowerCase();
  return start.startsWith('<!doctype html') || start.startsWith('<html');
}
