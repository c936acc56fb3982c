// /docs served the whole swagger-ui-dist folder (issue 20): the package's
// petstore page, its OAuth redirect page, source maps and package.json. Now
// exactly the files the page loads are served, and everything else is 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCS_FILES } from '#server/openapi/openapiRouter.js';
import { startTestServer, type TestServer } from '#dev/service/testServer.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const status = async (path: string) => {
  const res = await fetch(`${server.url}${path}`);
  await res.arrayBuffer();
  return res.status;
};

describe('files under /docs', () => {
  it('serves every file the page loads, and only those', async () => {
    const page = await (await fetch(`${server.url}/docs/`)).text();
    const loaded = [...page.matchAll(/(?:src|href)="\.\/([^"]+)"/g)].map((m) => m[1]).sort();
    expect(loaded).toEqual(Object.keys(DOCS_FILES).sort());
    for (const file of loaded) expect(await status(`/docs/${file}`), file).toBe(200);
  });

  it.each([
    'index.html',
    'swagger-initializer.js',
    'oauth2-redirect.html',
    'swagger-ui-bundle.js.map',
    'swagger-ui.js',
    'package.json',
    'README.md',
  ])('answers /docs/%s with 404', async (file) => {
    expect(await status(`/docs/${file}`)).toBe(404);
  });
});
