// The ways an outside service fails, for fault-injection tests: maintenance
// page with HTTP 200, 5xx, connection reset, no answer at all, a body cut
// off mid-way, and a body dripping slower than any timeout.
import type { ServerResponse } from 'node:http';

export const FAULT_MODES = [
  'html-200',
  'http-500',
  'http-503',
  'reset',
  'hang',
  'truncated',
  'slow-drip',
] as const;

export type FaultMode = (typeof FAULT_MODES)[number];

export const MAINTENANCE_PAGE =
  '<!DOCTYPE html><html><head><title>Wartungsarbeiten</title></head>' +
  '<body><h1>Wartungsarbeiten</h1><p>Der Dienst ist vorübergehend nicht verfügbar.</p></body></html>';

/** Which fault the next requests get; `times` limits it to that many requests. */
export class FaultSwitch {
  private mode: FaultMode | undefined;
  private remaining = Infinity;

  set(mode: FaultMode | undefined, times = Infinity): void {
    this.mode = mode;
    this.remaining = times;
  }

  /** The fault for the current request, counting it down. */
  take(): FaultMode | undefined {
    if (this.mode === undefined || this.remaining <= 0) return undefined;
    this.remaining -= 1;
    return this.mode;
  }
}

/** Answers `body` with `contentType`, damaged the way `fault` says. */
export function respond(
  res: ServerResponse,
  status: number,
  contentType: string,
  /** Text, or bytes (a map image). */
  body: string | Buffer,
  fault: FaultMode | undefined,
): void {
  switch (fault) {
    case undefined:
      res.writeHead(status, { 'Content-Type': contentType }).end(body);
      return;
    case 'html-200':
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(MAINTENANCE_PAGE);
      return;
    case 'http-500':
    case 'http-503':
      res
        .writeHead(fault === 'http-500' ? 500 : 503, { 'Content-Type': 'text/plain' })
        .end('Service unavailable');
      return;
    case 'reset':
      res.socket?.destroy();
      return;
    case 'hang':
      return;
    case 'truncated':
      res
        .writeHead(200, { 'Content-Type': contentType })
        .end(body.slice(0, Math.floor(body.length / 2)));
      return;
    case 'slow-drip':
      drip(res, contentType, body);
      return;
  }
}

function drip(res: ServerResponse, contentType: string, body: string | Buffer): void {
  res.writeHead(200, { 'Content-Type': contentType });
  let sent = 0;
  const timer = setInterval(() => {
    if (res.destroyed || sent >= body.length) {
      clearInterval(timer);
      res.end();
      return;
    }
    res.write(body.slice(sent, sent + 8));
    sent += 8;
  }, 250);
  res.on('close', () => clearInterval(timer));
}
