// Requests to the service's /api endpoints and the reading of their answers.
import {
  AppError,
  ErrorCode,
  errorFromResponse,
  fail,
  ok,
  parseAnswerBody,
  type Result,
} from '#shared/index.js';
import type { HttpRequest, HttpResponse } from './ports.js';
import type { Settings } from './settings.js';

export type ApiCredentials = Settings & { apiKey: string };

export function hasApiKey(settings: Settings): settings is ApiCredentials {
  return settings.apiKey !== null;
}

/** GET {serviceUrl}{path}, or a POST of `json`, with the key in the Authorization header. */
export function apiRequest(credentials: ApiCredentials, path: string, json?: string): HttpRequest {
  return {
    url: `${credentials.serviceUrl}${path}`,
    headers: { Authorization: `Bearer ${credentials.apiKey}`, Accept: 'application/json' },
    ...(json === undefined ? {} : { json }),
  };
}

/**
 * A 200 answer whose JSON passes `isExpected`, or the error the answer stands
 * for. Error bodies (§2.6) and garbled answers are mapped by the shared core.
 */
export function readApiAnswer<T>(
  response: HttpResponse,
  isExpected: (body: unknown) => body is T,
): Result<T> {
  const body = parseAnswerBody(response.body);
  if (response.status !== 200) return fail(errorFromResponse(response.status, body));
  if (isExpected(body)) return ok(body);
  return fail(
    new AppError(ErrorCode.serviceError, 'Der Dienst hat eine unerwartete Antwort gesendet.'),
  );
}
