// Upstream calls followed every redirect (issue 20): a source could send the
// service to any address. Now a redirect is followed only to the host the
// request was sent to; one to another host, a downgrade to http, or more than
// MAX_REDIRECTS are an outage (`redirect`, never retried), and the other host
// is never contacted. A caller whose client has gone stops the call.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLoopback, type LoopbackServer } from '#dev/fakes/loopback.js';
import { MAX_REDIRECTS } from '#server/upstream/sameHostRedirects.js';
import { createUpstream } from '#server/upstream/upstream.js';
import { captureLogs } from '#dev/service/logs.js';

let origin: LoopbackServer;
let elsewhere: LoopbackServer;
let elsewhereCalls = 0;
/** The same loopback server under another host name. */
let otherHostUrl: string;

beforeAll(async () => {
  elsewhere = await startLoopback((_req, res) => {
    elsewhereCalls += 1;
    res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"from":"elsewhere"}');
  });
  otherHostUrl = elsewhere.url.replace('127.0.0.1', 'localhost');
  origin = await startLoopback((req, res, body) => {
    const url = new URL(req.url ?? '/', 'http://origin');
    const hop = Number(url.searchParams.get('hop') ?? '0');
    switch (url.pathname) {
      case '/moved':
        res.writeHead(301, { Location: '/data' }).end();
        return;
      case '/see-other':
        res.writeHead(303, { Location: `${origin.url}/data` }).end();
        return;
      case '/away':
        res.writeHead(302, { Location: `${otherHostUrl}/data` }).end();
        return;
      case '/loop':
        res.writeHead(307, { Location: `/loop?hop=${hop + 1}` }).end();
        return;
      case '/slow':
        setTimeout(() => res.writeHead(200).end('{}'), 2000);
        return;
      default:
        res
          .writeHead(200, { 'Content-Type': 'application/json' })
          .end(JSON.stringify({ method: req.method, body }));
    }
  });
});
afterAll(async () => {
  await Promise.all([origin.close(), elsewhere.close()]);
});

const logs = captureLogs();
const upstream = createUpstream({
  fetch: globalThis.fetch,
  timeoutMs: 1000,
  userAgent: 'test',
  logger: logs.logger,
});
const asJson = ({ text }: { text: string }) => JSON.parse(text) as Record<string, unknown>;

describe('redirects of upstream calls', () => {
  it('follows a redirect on the same host', async () => {
    expect(await upstream.request({ url: `${origin.url}/moved` }, asJson)).toMatchObject({
      method: 'GET',
    });
  });

  it('continues a POST answered with 303 as a GET without its body', async () => {
    const answer = await upstream.request(
      { url: `${origin.url}/see-other`, method: 'POST', body: '<query/>' },
      asJson,
    );
    expect(answer).toEqual({ method: 'GET', body: '' });
  });

  it('refuses a redirect to another host without contacting it, and does not retry', async () => {
    const before = elsewhereCalls;
    await expect(upstream.request({ url: `${origin.url}/away` }, asJson)).rejects.toMatchObject({
      name: 'UpstreamOutage',
      reason: 'redirect',
    });
    expect(elsewhereCalls).toBe(before);
    expect(logs.lines.filter((line) => line.includes('retrying once'))).toHaveLength(0);
  });

  it(`gives up after ${MAX_REDIRECTS} redirects`, async () => {
    await expect(upstream.request({ url: `${origin.url}/loop` }, asJson)).rejects.toMatchObject({
      reason: 'redirect',
    });
  });
});

describe('cancellation of upstream calls', () => {
  it('stops a call whose client has gone with the signal’s reason, without a retry', async () => {
    const gone = new AbortController();
    const reason = new Error('client gone');
    setTimeout(() => gone.abort(reason), 100);
    const started = performance.now();
    await expect(
      upstream.request({ url: `${origin.url}/slow`, signal: gone.signal }, asJson),
    ).rejects.toBe(reason);
    // Well before the 1 s timeout, let alone a second attempt.
    expect(performance.now() - started).toBeLessThan(900);
  });
});
