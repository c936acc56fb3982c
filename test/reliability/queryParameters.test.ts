// More than 1,000 query parameters (issue 20): Node's querystring used to
// drop everything after the 1,000th silently, so `format=xml` after 1,100
// `nutzungsart` answered JSON. Now such a request answers 400
// too_many_parameters on every path, before any route reads the query (so
// as JSON); 1,000 are still read in full.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADDRESSES } from '#dev/fakes/demoWorld.js';
import { MAX_QUERY_PARAMETERS } from '#server/http/queryLimit.js';
import { createTestAccount, type TestAccount } from '#dev/service/accounts.js';
import { startTestServer, type TestServer } from '#dev/service/testServer.js';
import { expectDocumentedAnswer } from './support/answers.js';

let server: TestServer;
let account: TestAccount;
beforeAll(async () => {
  server = await startTestServer();
  account = await createTestAccount(server.ctx);
});
afterAll(async () => {
  await server.close();
});

const lookupQuery = (filters: number, format: string) =>
  `address=${encodeURIComponent(DEMO_ADDRESSES.unknown)}&` +
  `${'nutzungsart=W&'.repeat(filters)}format=${format}`;

async function answer(path: string) {
  const res = await fetch(`${server.url}${path}`, {
    headers: { Authorization: `Bearer ${account.token}` },
  });
  return {
    status: res.status,
    contentType: res.headers.get('content-type') ?? '',
    text: await res.text(),
  };
}

describe('query strings with many parameters', () => {
  it('answers 1,100 nutzungsart with format=xml at the end with 400 too_many_parameters', async () => {
    const res = await answer(`/api/bodenrichtwert?${lookupQuery(1100, 'xml')}`);
    expect(res.status).toBe(400);
    expect(expectDocumentedAnswer('GET', '/api/bodenrichtwert', res)).toBe('too_many_parameters');
  });

  it('reads exactly 1,000 parameters in full, the last one included', async () => {
    // address + 998 filters + format = 1,000: the lookup runs and answers as XML.
    const res = await answer(`/api/bodenrichtwert?${lookupQuery(MAX_QUERY_PARAMETERS - 2, 'xml')}`);
    expect(res.contentType).toMatch(/xml/);
    expect(res.text).not.toMatch(/too_many_parameters/);
  });

  it('refuses too many parameters on any path', async () => {
    const res = await answer(`/healthz?${'a=1&'.repeat(MAX_QUERY_PARAMETERS)}b=2`);
    expect(res.status).toBe(400);
    expect(JSON.parse(res.text)).toMatchObject({ error: 'too_many_parameters', status: 400 });
  });
});
