// UrlFetchApp as Apps Script behaves: synchronous, fetchAll concurrent,
// exceptions for network failures and (without muteHttpExceptions) for error
// statuses, and only URLs under the manifest's urlFetchWhitelist.
import { fetchAllSync, type SyncAnswer } from './syncHttp.js';

type FetchParams = {
  method?: string;
  headers?: Record<string, string>;
  muteHttpExceptions?: boolean;
};
type FetchRequest = string | (FetchParams & { url: string });

class FakeHttpResponse {
  constructor(private readonly answer: Extract<SyncAnswer, { ok: true }>) {}

  getResponseCode(): number {
    return this.answer.status;
  }

  getContentText(): string {
    return this.answer.body;
  }

  getAllHeaders(): Record<string, string> {
    return { ...this.answer.headers };
  }

  getHeaders(): Record<string, string> {
    return { ...this.answer.headers };
  }
}

export interface FetchRecord {
  url: string;
  headers: Record<string, string>;
}

export class FakeUrlFetchApp {
  /** One entry per fetch/fetchAll call, with its requests. */
  readonly calls: FetchRecord[][] = [];

  constructor(private readonly whitelist: readonly string[]) {}

  fetch(url: string, params: FetchParams = {}): FakeHttpResponse {
    return this.fetchAll([{ ...params, url }])[0] as FakeHttpResponse;
  }

  fetchAll(requests: FetchRequest[]): FakeHttpResponse[] {
    const normalized = requests.map((request) =>
      typeof request === 'string' ? { url: request } : request,
    );
    for (const { url } of normalized) {
      if (!this.whitelist.some((prefix) => url.startsWith(prefix))) {
        throw new Error(
          `Exception: The URL ${url} is not on the urlFetchWhitelist of the manifest.`,
        );
      }
    }
    this.calls.push(normalized.map(({ url, headers }) => ({ url, headers: { ...headers } })));
    const answers = fetchAllSync(
      normalized.map(({ url, method, headers }) => ({
        url,
        method: (method ?? 'get').toUpperCase(),
        headers: headers ?? {},
      })),
    );
    return answers.map((answer, index) => {
      const request = normalized[index] as FetchParams & { url: string };
      if (!answer.ok) throw new Error(`Exception: Address unavailable: ${request.url}`);
      if (answer.status >= 400 && request.muteHttpExceptions !== true) {
        throw new Error(
          `Exception: Request failed for ${request.url} returned code ${answer.status}. ` +
            `Truncated server response: ${answer.body.slice(0, 100)}`,
        );
      }
      return new FakeHttpResponse(answer);
    });
  }

  /** All requests over all calls. */
  requests(): FetchRecord[] {
    return this.calls.flat();
  }
}
