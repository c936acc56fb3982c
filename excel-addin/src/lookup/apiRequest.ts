// One authenticated request against the service's /api, with the two safeguards
// a spreadsheet needs: every attempt has a timeout (a cell never stays #BUSY!),
// and a 429 waits for Retry-After and tries again a bounded number of times.
import {
  AppError,
  ErrorCode,
  errorFromResponse,
  missingKeyError,
  parseAnswerBody,
  retryWaitMs,
} from '#shared/index.js';
import type { AddinSettings } from '../settings/settingsStore.js';

export interface HttpDeps {
  fetch: typeof fetch;
  now: () => Date;
  sleep: (ms: number) => Promise<void>;
  /** Per attempt, covering connect, headers and body. */
  timeoutMs: number;
  /** Retries after a 429; the answer after the last one is the error. */
  maxRetries: number;
}

export interface ApiCall {
  path: string;
  query?: Readonly<Record<string, string>>;
  /** A JSON body makes it a POST. */
  json?: string;
  /** Longer than `timeoutMs` for a batch, whose items the server looks up in turn. */
  timeoutMs?: number;
  /** Further request headers (the batch's Prefer). */
  headers?: Readonly<Record<string, string>>;
}

export interface RawAnswer {
  status: number;
  body: unknown;
}

async function fetchOnce(
  deps: HttpDeps,
  url: string,
  apiKey: string,
  call: ApiCall,
): Promise<RawAnswer & { retryAfter: string | null }> {
  const timeoutMs = call.timeoutMs ?? deps.timeoutMs;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const headers: Record<string, string> = {
    ...call.headers,
    Accept: 'application/json',
    Authorization: `Bearer ${apiKey}`,
  };
  if (call.json !== undefined) headers['Content-Type'] = 'application/json';
  try {
    const response = await deps.fetch(url, {
      method: call.json === undefined ? 'GET' : 'POST',
      headers,
      ...(call.json === undefined ? {} : { body: call.json }),
      signal: controller.signal,
    });
    const text = await response.text();
    return {
      status: response.status,
      retryAfter: response.headers.get('Retry-After'),
      body: parseAnswerBody(text),
    };
  } catch (error) {
    const message = controller.signal.aborted
      ? `Der Dienst hat nicht innerhalb von ${Math.round(timeoutMs / 1000)} s geantwortet.`
      : 'Der Dienst ist nicht erreichbar.';
    throw new AppError(ErrorCode.serviceError, message, { cause: error });
  } finally {
    clearTimeout(timer);
  }
}

/** The final answer (after 429 retries), whatever its status; throws on network failure. */
export async function callApi(
  deps: HttpDeps,
  settings: AddinSettings,
  call: ApiCall,
): Promise<RawAnswer> {
  if (settings.apiKey === '') throw missingKeyError();
  const search = new URLSearchParams(call.query ?? {}).toString();
  const url = `${settings.serviceUrl}${call.path}${search === '' ? '' : `?${search}`}`;
  for (let attempt = 0; ; attempt++) {
    const answer = await fetchOnce(deps, url, settings.apiKey, call);
    if (answer.status === 429 && attempt < deps.maxRetries) {
      await deps.sleep(retryWaitMs(answer.retryAfter, deps.now().getTime()));
      continue;
    }
    return { status: answer.status, body: answer.body };
  }
}

/** The parsed JSON body of a 2xx GET answer; any other outcome is thrown as AppError. */
export async function getJson(
  deps: HttpDeps,
  settings: AddinSettings,
  path: string,
): Promise<unknown> {
  const answer = await callApi(deps, settings, { path });
  if (answer.status >= 200 && answer.status < 300) return answer.body;
  throw errorFromResponse(answer.status, answer.body);
}
