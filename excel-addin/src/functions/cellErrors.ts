// The boundary between AppError and Excel: #VALUE! for the user's own bad input,
// #N/A for everything else, both with the shared German cell message.
import {
  AppError,
  ErrorCode,
  PENDING_CELL_MESSAGE,
  cellMessage,
  isInputError,
} from '#shared/index.js';

export function toCellError(error: unknown): CustomFunctions.Error {
  const appError =
    error instanceof AppError
      ? error
      : new AppError(ErrorCode.processingError, 'Unerwarteter Fehler im Add-in.', {
          cause: error,
        });
  const code = isInputError(appError)
    ? CustomFunctions.ErrorCode.invalidValue
    : CustomFunctions.ErrorCode.notAvailable;
  return new CustomFunctions.Error(code, cellMessage(appError, 'excel'));
}

/**
 * A cell whose address the service is still working on: #N/A with the message,
 * so SUMME and every formula depending on it show that the value is not there
 * yet (a text would be skipped silently and a total come out too low).
 */
export function pendingCellError(): CustomFunctions.Error {
  return new CustomFunctions.Error(CustomFunctions.ErrorCode.notAvailable, PENDING_CELL_MESSAGE);
}
