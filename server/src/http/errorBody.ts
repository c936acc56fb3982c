// Any value an HTTP route throws as an AppError: body-parser and zlib errors
// get their codes, the rest is shared's asAppError (the route's internal code).
import { asAppError, type InternalErrorCode } from '#shared/errorBody.js';
import { AppError, ErrorCode, type ErrorCode as Code } from '#shared/errors.js';

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

export function toAppError(err: unknown, internalCode: InternalErrorCode): AppError {
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
  return asAppError(err, internalCode);
}
