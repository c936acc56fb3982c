// One authenticated GET against the service's /api, with the two safeguards a
// spreadsheet needs: every attempt has a timeout (a cell never stays #BUSY!),
// and a 429 waits for Retry-After and tries again a bounded number of times.
import { AppError, ErrorCode, errorFromResponse } from '../../../shared/src/index.js';
import type { AddinSettings } from '../settings/settingsStore.js';
import { retryAfterMs } from './retryAfter.js';

export interface HttpDeps {
  fetch: typeof fetch;
  now: () => Date;
  sleep: (ms: number) => Promise<void>;
  /** Per attempt, covering connect, headers and body. */
  timeoutMs: number;
  /** Retries after a 429; the answer after the last one is the error. */
  maxRetries: number;
  /** Cap on one Retry-After wait, so a bogus header cannot park a cell for hours. */
  maxRetryWaitMs: number;
}

interface RawAnswer {
  status: number;
  retryAfter: string | null;
  body: string;
}

const DEFAULT_RETRY_WAIT_MS = 1000;

async function fetchOnce(deps: HttpDeps, url: string, apiKey: string): Promise<RawAnswer> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), deps.timeoutMs);
  try {
    const response = await deps.fetch(url, {
      headers: { Accept: 'application/json', Authorization: `Bearer ${apiKey}` },
      signal: controller.signal,
    });
    const body = await response.text();
    return { status: response.status, retryAfter: response.headers.get('Retry-After'), body };
  } catch (error) {
    const message = controller.signal.aborted
      ? `Der Dienst hat nicht innerhalb von ${Math.round(deps.timeoutMs / 1000)} s geantwortet.`
      : 'Der Dienst ist nicht erreichbar.';
    throw new AppError(ErrorCode.serviceError, message, { cause: error });
  } finally {
    clearTimeout(timer);
  }
}

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
}

/** The parsed JSON body of a 2xx answer; any other outcome is thrown as AppError. */
export async function getJson(
  deps: HttpDeps,
  settings: AddinSettings,
  path: string,
  query: Readonly<Record<string, string>> = {},
): Promise<unknown> {
  if (settings.apiKey === '') {
    throw new AppError(ErrorCode.missingToken, 'Kein API-Schlüssel hinterlegt.');
  }
  const search = new URLSearchParams(query).toString();
  const url = `${settings.serviceUrl}${path}${search === '' ? '' : `?${search}`}`;
  for (let attempt = 0; ; attempt++) {
    const answer = await fetchOnce(deps, url, settings.apiKey);
    if (answer.status === 429 && attempt < deps.maxRetries) {
      const wait = retryAfterMs(answer.retryAfter, deps.now()) ?? DEFAULT_RETRY_WAIT_MS;
      await deps.sleep(Math.min(wait, deps.maxRetryWaitMs));
      continue;
    }
    const body = parseJson(answer.body);
    if (answer.status >= 200 && answer.status < 300) return body;
    throw errorFromResponse(answer.status, body);
  }
}
