// Turns an error answer of the API into an AppError, also when the body is not
// the documented error body (a proxy's HTML page, an empty body, …).
import { AppError, ErrorCode, type ErrorDetails } from '../errors.js';

const KNOWN_CODES: ReadonlySet<string> = new Set(Object.values(ErrorCode));

const CODE_BY_STATUS: Readonly<Record<number, ErrorCode>> = {
  400: ErrorCode.invalidBody,
  401: ErrorCode.invalidToken,
  402: ErrorCode.limitReached,
  404: ErrorCode.notFound,
  413: ErrorCode.payloadTooLarge,
  429: ErrorCode.rateLimitExceeded,
  451: ErrorCode.restrictedState,
};

const isKnownCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && KNOWN_CODES.has(value);

function parseBody(body: unknown): unknown {
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return undefined;
  }
}

function detailsOf(body: Record<string, unknown>): ErrorDetails | undefined {
  const details: Record<string, string> = {};
  for (const key of ['reason', 'upgrade_url']) {
    const value = body[key];
    if (typeof value === 'string') details[key] = value;
  }
  return Object.keys(details).length === 0 ? undefined : details;
}

/** `body` is the parsed JSON or the raw text of the answer. */
export function errorFromResponse(status: number, body: unknown): AppError {
  const parsed = parseBody(body);
  if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
    const fields = parsed as Record<string, unknown>;
    if (isKnownCode(fields['error']) && typeof fields['message'] === 'string') {
      const details = detailsOf(fields);
      return new AppError(fields['error'], fields['message'], details ? { details } : {});
    }
  }
  // Anything unexpected, including 5xx, means the service could not answer properly.
  const code = CODE_BY_STATUS[status] ?? ErrorCode.serviceError;
  return new AppError(code, `Unerwartete Antwort des Dienstes (HTTP ${status}).`);
}
