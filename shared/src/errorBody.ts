// What an AppError answers with wherever the product answers one (REST, MCP,
// an item of a batch): the body {error, message, status, …details}; and any
// thrown value as an AppError, an unexpected one without its internals.
import type { ErrorBody } from './apiTypes.js';
import { AppError, isAppError, type ErrorCode } from './errors.js';

/** The code an unexpected error answers with, per route family. */
export type InternalErrorCode =
  typeof ErrorCode.internalServerError | typeof ErrorCode.processingError;

/** An AppError as it is; anything else as `internalCode`, the error kept as its cause. */
export function asAppError(err: unknown, internalCode: InternalErrorCode): AppError {
  if (isAppError(err)) return err;
  return new AppError(internalCode, 'Interner Fehler bei der Verarbeitung der Anfrage.', {
    cause: err,
  });
}

export function errorBody(error: AppError): ErrorBody {
  return { error: error.code, message: error.message, status: error.status, ...error.details };
}
