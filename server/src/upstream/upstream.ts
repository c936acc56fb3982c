// Every call to the outside world (geocoder, state services) goes through here:
// a timeout that covers headers and body, at most one retry, and the outage
// rules (5xx, reset, timeout, HTML maintenance page, unreadable body).
// Redirects are followed only to the host the request was sent to.
import type { Logger } from '../logging/logger.js';
import { readLimitedBytes } from './limitedBody.js';
import { fetchFollowingSameHost } from './sameHostRedirects.js';
import { UpstreamOutage, isUpstreamOutage } from './upstreamOutage.js';

export interface UpstreamRequest {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Readonly<Record<string, string>>;
  body?: string;
  /**
   * The answer itself is HTML (a WMS GetFeatureInfo in text/html, RLP), so an
   * HTML body is not taken for a maintenance page here; the parser decides.
   */
  htmlIsData?: boolean;
  /**
   * Aborted when nobody waits for the answer any more: the call stops and
   * rejects with the signal's reason, without a retry.
   */
  signal?: AbortSignal;
}

export interface UpstreamBody {
  status: number;
  contentType: string;
  /** The body decoded as UTF-8 (on first use). */
  readonly text: string;
  /** The same body as bytes, for answers that are no text (a WMS GetMap image). */
  bytes: Buffer;
}

export interface Upstream {
  /**
   * Sends the request and hands the body to `parse`, which throws UpstreamOutage
   * when the body is unusable. Retries once when the failure may be transient.
   */
  request<T>(request: UpstreamRequest, parse: (body: UpstreamBody) => T | Promise<T>): Promise<T>;
}

export interface UpstreamOptions {
  fetch: typeof fetch;
  timeoutMs: number;
  userAgent: string;
  logger: Pick<Logger, 'warn'>;
}

/** A client error (4xx) or a redirect will not change on a second try; everything else may. */
function retryable(outage: UpstreamOutage): boolean {
  if (outage.reason === 'redirect') return false;
  const status = outage.httpStatus ?? 500;
  return status < 400 || status >= 500;
}

export function createUpstream(options: UpstreamOptions): Upstream {
  return {
    async request(request, parse) {
      try {
        return await attempt(options, request, parse);
      } catch (err) {
        request.signal?.throwIfAborted();
        if (!isUpstreamOutage(err) || !retryable(err)) throw err;
        options.logger.warn(
          { host: hostOf(request.url), reason: err.reason },
          'upstream call failed, retrying once',
        );
        return attempt(options, request, parse);
      }
    },
  };
}

async function attempt<T>(
  options: UpstreamOptions,
  request: UpstreamRequest,
  parse: (body: UpstreamBody) => T | Promise<T>,
): Promise<T> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = request.signal ? AbortSignal.any([timeout, request.signal]) : timeout;
  let body: UpstreamBody;
  try {
    const res = await fetchFollowingSameHost(options.fetch, request.url, {
      method: request.method ?? 'GET',
      headers: { 'User-Agent': options.userAgent, ...request.headers },
      ...(request.body === undefined ? {} : { body: request.body }),
      signal,
    });
    // Reading the body under the same signal bounds a slowly dripping answer too.
    const bytes = await readLimitedBytes(res);
    let text: string | undefined;
    body = {
      status: res.status,
      contentType: res.headers.get('content-type') ?? '',
      // Decoded when first read: a reader given the bytes (a large cadastre answer,
      // read on a geometry thread) spares the event loop decoding megabytes.
      get text() {
        text ??= bytes.toString('utf8');
        return text;
      },
      bytes,
    };
  } catch (err) {
    if (isUpstreamOutage(err)) throw err;
    request.signal?.throwIfAborted();
    if (timeout.aborted) {
      throw new UpstreamOutage('timeout', `no complete answer within ${options.timeoutMs} ms`, {
        cause: err,
      });
    }
    throw new UpstreamOutage('network', 'connection failed', { cause: err });
  }
  if (body.status < 200 || body.status >= 300) {
    throw new UpstreamOutage('http_status', `HTTP ${body.status}`, { httpStatus: body.status });
  }
  if (!request.htmlIsData && isHtmlPage(body)) {
    throw new UpstreamOutage('maintenance_page', 'HTML page instead of data');
  }
  return parse(body);
}

/** How much of the body's start shows an HTML page (whitespace before it included). */
const HTML_SNIFF_BYTES = 4096;

/** Some services answer maintenance with HTTP 200 and an HTML page. */
function isHtmlPage(body: UpstreamBody): boolean {
  if (/text\/html/i.test(body.contentType)) return true;
  return /^\s*(<!doctype html|<html[\s>])/i.test(
    body.bytes.subarray(0, HTML_SNIFF_BYTES).toString(),
  );
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'invalid-url';
  }
}
