// The one place that turns errors into answers: {error, message, status}
// (plus details such as reason and upgrade_url), JSON or XML as the request
// asked. Unknown errors become 500 without internals and are logged in full.
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { errorBody, type InternalErrorCode } from '#shared/errorBody.js';
import { AppError, ErrorCode } from '#shared/errors.js';
import { toAppError } from './errorBody.js';
import { sendBody } from './responseFormat.js';

/**
 * Router middleware: an unexpected error in the routes after it answers with
 * `code` instead of internal_server_error (the lookup routes say processing_error).
 */
export function internalErrorsAs(code: InternalErrorCode): RequestHandler {
  return (_req, res, next) => {
    res.locals.internalErrorCode = code;
    next();
  };
}

/** Express error middleware (four arguments). */
export function errorMiddleware(
  err: unknown,
  req: Request,
  res: Response,
  next: NextFunction,
): void {
  if (res.headersSent) {
    next(err);
    return;
  }
  const internalCode =
    (res.locals.internalErrorCode as InternalErrorCode | undefined) ??
    ErrorCode.internalServerError;
  const error = toAppError(err, internalCode);
  if (error.status >= 500) {
    req.log.error({ err: error.cause ?? error, code: error.code }, 'request failed');
  }
  if (error.code === ErrorCode.missingToken || error.code === ErrorCode.invalidToken) {
    const challenge =
      error.code === ErrorCode.invalidToken ? 'Bearer error="invalid_token"' : 'Bearer';
    res.setHeader('WWW-Authenticate', challenge);
  }
  sendBody(res, error.status, errorBody(error));
}

export function notFound(req: Request, _res: Response, next: NextFunction): void {
  next(new AppError(ErrorCode.notFound, `Pfad nicht gefunden: ${req.method} ${req.path}`));
}
