// Upstream calls follow a redirect only to the host they were sent to (an
// official service moving a path, or upgrading to https); a redirect to any
// other host, or down to plain http, is an outage. So a source that is
// misconfigured or taken over cannot send the service on to an address of
// someone else's choosing, an internal one say.
import { UpstreamOutage } from './upstreamOutage.js';

export const MAX_REDIRECTS = 5;

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

export async function fetchFollowingSameHost(
  fetchFn: typeof fetch,
  url: string,
  init: RequestInit,
): Promise<Response> {
  const first = new URL(url);
  let current = first;
  let { method, body } = init;
  for (let hops = 0; ; hops += 1) {
    const res = await fetchFn(current, { ...init, method, body, redirect: 'manual' });
    const location = res.headers.get('location');
    if (!REDIRECT_STATUSES.has(res.status) || location === null) return res;
    await res.body?.cancel();
    const next = new URL(location, current);
    if (!sameHost(first, next)) {
      throw new UpstreamOutage('redirect', `redirect to another host (${next.host})`);
    }
    if (hops >= MAX_REDIRECTS) {
      throw new UpstreamOutage('redirect', `more than ${MAX_REDIRECTS} redirects`);
    }
    // As browsers and fetch do: 303, and 301/302 after a POST, continue with GET.
    if (res.status === 303 || (method === 'POST' && res.status <= 302)) {
      method = 'GET';
      body = undefined;
    }
    current = next;
  }
}

function sameHost(first: URL, next: URL): boolean {
  return (
    next.host === first.host && (next.protocol === first.protocol || next.protocol === 'https:')
  );
}
