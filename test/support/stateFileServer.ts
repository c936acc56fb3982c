// A stand-in for a state's download server on loopback: it serves files the
// test publishes as an HTTP/1.1 origin server does for a static file, with the
// validators and conditional requests of RFC 9110, and on request the faults
// real downloads meet (a connection cut mid-body, a portal's HTML page).
import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { startLoopback } from '#dev/fakes/loopback.js';

export type Fault =
  | 'none'
  /** Every answer stops after half the file, whatever range was asked (a link that keeps dropping). */
  | 'cut-always'
  /** The next answer stops after half the file; later ones are whole. */
  | 'cut-once'
  /** Answers every request with a portal's HTML page, status 200 (a login or download page). */
  | 'html';

interface Published {
  body: Buffer;
  etag: string;
  lastModified: string;
}

export interface StateFileServer {
  url: string;
  fault: Fault;
  /** Every request received: its path (with query) and headers. */
  readonly requests: { path: string; headers: IncomingHttpHeaders }[];
  publish(path: string, body: Buffer | string, lastModified: Date): void;
  close(): Promise<void>;
}

export async function startStateFileServer(): Promise<StateFileServer> {
  const files = new Map<string, Published>();
  const requests: StateFileServer['requests'] = [];
  const state = { fault: 'none' as Fault };
  const loopback = await startLoopback((req, res) => {
    requests.push({ path: req.url ?? '', headers: req.headers });
    const file = files.get(new URL(req.url ?? '/', 'http://x').pathname);
    if (state.fault === 'html') return html(res);
    if (!file) return void res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    if (notModified(req, file)) {
      // RFC 9110 §15.4.5: a 304 carries the validators, no content.
      return void res.writeHead(304, { etag: file.etag, 'last-modified': file.lastModified }).end();
    }
    const start = rangeStart(req, file);
    if (start !== undefined && start >= file.body.length) {
      // §15.5.17: an unsatisfiable range gets 416 with the current length.
      return void res.writeHead(416, { 'content-range': `bytes */${file.body.length}` }).end();
    }
    const from = start ?? 0;
    const headers = {
      'content-type': 'application/zip',
      'content-length': String(file.body.length - from),
      'accept-ranges': 'bytes',
      etag: file.etag,
      'last-modified': file.lastModified,
      // §14.4: a 206 names the range it carries and the whole length.
      ...(start !== undefined && {
        'content-range': `bytes ${from}-${file.body.length - 1}/${file.body.length}`,
      }),
    };
    res.writeHead(start === undefined ? 200 : 206, headers);
    const half = Math.floor(file.body.length / 2);
    if (state.fault === 'cut-always' || state.fault === 'cut-once') {
      if (state.fault === 'cut-once') state.fault = 'none';
      // The connection drops before Content-Length bytes came: the client sees a broken body.
      res.write(file.body.subarray(from, Math.max(from, half)));
      setTimeout(() => res.socket?.destroy(), 20);
      return;
    }
    res.end(file.body.subarray(from));
  });
  return {
    url: loopback.url,
    get fault() {
      return state.fault;
    },
    set fault(fault: Fault) {
      state.fault = fault;
    },
    requests,
    publish(path, body, lastModified) {
      const bytes = Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8');
      // §8.8.3: a strong entity tag, here the content's hash.
      const etag = `"${createHash('sha256').update(bytes).digest('hex').slice(0, 16)}"`;
      files.set(path, { body: bytes, etag, lastModified: lastModified.toUTCString() });
    },
    close: () => loopback.close(),
  };
}

/** §13.1.2 If-None-Match decides when present; only without it does If-Modified-Since (§13.1.3). */
function notModified(req: IncomingMessage, file: Published): boolean {
  const noneMatch = req.headers['if-none-match'];
  if (noneMatch !== undefined) {
    return noneMatch.split(',').some((tag) => weak(tag.trim()) === weak(file.etag));
  }
  const since = req.headers['if-modified-since'];
  return since !== undefined && Date.parse(file.lastModified) <= Date.parse(since);
}

/** §14.2 and §13.1.5: a Range is served only when If-Range (if sent) still matches the file. */
function rangeStart(req: IncomingMessage, file: Published): number | undefined {
  const range = /^bytes=(\d+)-$/.exec(req.headers.range ?? '');
  if (!range) return undefined;
  const ifRange = req.headers['if-range'];
  if (ifRange !== undefined && ifRange !== file.etag && ifRange !== file.lastModified) {
    return undefined;
  }
  return Number(range[1]);
}

/** §8.8.3.2: the weak comparison ignores the W/ prefix. */
const weak = (tag: string) => tag.replace(/^W\//, '');

function html(res: ServerResponse): void {
  res
    .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    .end(
      '<!DOCTYPE html><html><head><title>Downloadcenter</title></head><body>Bitte anmelden</body></html>',
    );
}
