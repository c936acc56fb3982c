// The one place that turns errors into answers: {error, message, status}
// (plus details such as reason and upgrade_url), JSON or XML as the request
// asked. Unknown errors become 500 without internals and are logged in full.
import type { NextFunction, Request, Response } from 'express';
import {
  AppError,
  ErrorCode,
  isAppError,
  type ErrorCode as Code,
} from '../../../shared/src/errors.js';
import { sendBody } from './responseFormat.js';

/** Errors thrown by body-parser carry a `type`; map them to our codes. */
interface BodyParserError {
  type?: unknown;
  status?: unknown;
}

const BODY_PARSER_CODES: Readonly<Record<string, { code: Code; message: string }>> = {
  'entity.parse.failed': {
    code: ErrorCode.invalidJson,
    message: 'Der Anfragekörper ist kein gültiges JSON.',
  },
  'entity.too.large': {
    code: ErrorCode.payloadTooLarge,
    message: 'Der Anfragekörper ist zu groß.',
  },
  'encoding.unsupported': {
    code: ErrorCode.invalidJson,
    message: 'Die Zeichenkodierung des Anfragekörpers wird nicht unterstützt.',
  },
  'charset.unsupported': {
    code: ErrorCode.invalidJson,
    message: 'Der Zeichensatz des Anfragekörpers wird nicht unterstützt (nur UTF-8).',
  },
  'request.aborted': { code: ErrorCode.invalidJson, message: 'Die Anfrage wurde abgebrochen.' },
  'request.size.invalid': {
    code: ErrorCode.invalidJson,
    message: 'Die Länge des Anfragekörpers stimmt nicht.',
  },
};

/** The code an unexpected error answers with, per route family. */
export type InternalErrorCode =
  typeof ErrorCode.internalServerError | typeof ErrorCode.processingError;

export function toAppError(err: unknown, internalCode: InternalErrorCode): AppError {
  if (isAppError(err)) return err;
  const type = (err as BodyParserError | null)?.type;
  if (typeof type === 'string' && BODY_PARSER_CODES[type]) {
    const { code, message } = BODY_PARSER_CODES[type];
    return new AppError(code, message, { cause: err });
  }
  // A gzip/deflate/br body that does not decode: body-parser passes zlib's
  // error on (an errno, status 400) without a `type`.
  const zlibError = err as { errno?: unknown; status?: unknown } | null;
  if (typeof zlibError?.errno === 'number' && zlibError.status === 400) {
    return new AppError(ErrorCode.invalidJson, 'Der komprimierte Anfragekörper ist beschädigt.', {
      cause: err,
    });
  }
  return new AppError(internalCode, 'Interner Fehler bei der Verarbeitung der Anfrage.', {
    cause: err,
  });
}

export function errorBody(error: AppError): Record<string, unknown> {
  return { error: error.code, message: error.message, status: error.status, ...error.details };
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
  const internalCode: InternalErrorCode = req.path.startsWith('/api/bodenrichtwert')
    ? ErrorCode.processingError
    : ErrorCode.internalServerError;
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
