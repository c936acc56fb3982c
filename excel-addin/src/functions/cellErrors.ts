// The boundary between AppError and Excel: #VALUE! for the user's own bad input,
// #N/A for everything else, both with the shared German cell message.
import { AppError, ErrorCode, cellMessage, isInputError } from '#shared/index.js';

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
