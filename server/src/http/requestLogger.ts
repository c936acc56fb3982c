// Request log: one line per request when its response is done, with the
// request id (echoed as X-Request-Id), method, path (never the query string,
// which may carry a token), status and time. It costs one listener and one
// pino call per request: no child logger and no serializers per request; the
// request's own logger (`req.log`, for error lines) is made only when used.
import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { Logger } from '../logging/logger.js';

declare module 'http' {
  interface IncomingMessage {
    /** The request id (X-Request-Id). */
    id: string;
    /** A logger whose lines carry the request id. */
    log: Logger;
  }
}

const REQUEST_ID = /^[\w.-]{1,64}$/;
const LOGGERS = Symbol('loggers');
const STARTED = Symbol('started');

interface Loggers {
  /** The process logger, with its redaction, for anything a handler logs. */
  base: Logger;
  /**
   * The request lines: fixed fields that hold no secret, so they skip the
   * redaction, which costs several times the rest of the line.
   */
  lines: Logger;
}
interface LoggedRequest extends Request {
  [LOGGERS]: Loggers;
}
interface LoggedResponse extends ServerResponse {
  req: LoggedRequest;
  [STARTED]: number;
}

// `req.log` on every Express request: a child logger with the request id,
// made on first use and kept on the request.
Object.defineProperty(express.request, 'log', {
  configurable: true,
  get(this: LoggedRequest): Logger {
    const log = this[LOGGERS].base.child({ reqId: this.id });
    Object.defineProperty(this, 'log', { value: log, configurable: true });
    return log;
  },
});

export function pathOnly(url: string | undefined): string {
  if (!url) return '/';
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

export function requestLogger(logger: Logger) {
  const loggers: Loggers = { base: logger, lines: logger.child({}, { redact: [] }) };
  return function logRequest(req: Request, res: Response, next: NextFunction): void {
    const incoming = req.headers['x-request-id'];
    const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    res.setHeader('X-Request-Id', id);
    req.id = id;
    (req as LoggedRequest)[LOGGERS] = loggers;
    (res as unknown as LoggedResponse)[STARTED] = Date.now();
    // 'close' follows 'finish' and also comes when the client goes away first.
    res.on('close', writeLine);
    next();
  };
}

function writeLine(this: LoggedResponse): void {
  const req = this.req;
  const status = this.statusCode;
  const path = pathOnly(req.originalUrl);
  const line = {
    reqId: req.id,
    req: { id: req.id, method: req.method, path },
    res: { status },
    responseTime: Date.now() - this[STARTED],
  };
  const message = `${req.method} ${path} ${status}`;
  if (status >= 500) req[LOGGERS].lines.error(line, message);
  else req[LOGGERS].lines.info(line, message);
}
