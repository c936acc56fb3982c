// UrlFetchApp as Apps Script behaves: synchronous, fetchAll concurrent,
// exceptions for network failures and (without muteHttpExceptions) for error
// statuses, and only URLs under the manifest's urlFetchWhitelist.
import { fetchAllSync, type SyncAnswer } from './syncHttp.js';

type FetchParams = {
  method?: string;
  headers?: Record<string, string>;
  contentType?: string;
  payload?: string;
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
  method: string;
  headers: Record<string, string>;
  payload?: string;
}

export class FakeUrlFetchApp {
  /** One entry per fetch/fetchAll call, with its requests. */
  readonly calls: FetchRecord[][] = [];

  /** From this fetch/fetchAll call on (1-based), every call fails without sending. */
  private failingFrom = Infinity;

  /**
   * The service is down (or the network to it): each call is recorded and
   * fails as Apps Script reports an unreachable host, with an exception.
   */
  down = false;

  constructor(private readonly whitelist: readonly string[]) {}

  failFrom(call: number): void {
    this.failingFrom = call;
  }

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
    if (this.down) {
      this.calls.push(
        normalized.map(({ url, method }) => ({
          url,
          method: (method ?? 'get').toUpperCase(),
          headers: {},
        })),
      );
      throw new Error(`Exception: Address unavailable: ${normalized[0]?.url ?? ''}`);
    }
    if (this.calls.length + 1 >= this.failingFrom) {
      this.calls.push([]);
      throw new Error('Exception: Exceeded maximum execution time');
    }
    const sent = normalized.map(({ url, method, headers, contentType, payload }) => ({
      url,
      method: (method ?? 'get').toUpperCase(),
      // Like Apps Script: contentType becomes the Content-Type header of the payload.
      headers: {
        ...headers,
        ...(contentType === undefined ? {} : { 'content-type': contentType }),
      },
      ...(payload === undefined ? {} : { body: payload, payload }),
    }));
    this.calls.push(
      sent.map(({ url, method, headers, payload }) => ({ url, method, headers, payload })),
    );
    const answers = fetchAllSync(
      sent.map(({ url, method, headers, body }) => ({ url, method, headers, body })),
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
