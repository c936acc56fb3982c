import { Validator } from '@seriousme/openapi-schema-validator';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectValidResponse, openApiDocument } from '../../support/openapi.js';
import { startTestServer, type TestServer } from '#dev/service/testServer.js';

describe('the OpenAPI description (§4.5, §9)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('is a valid OpenAPI 3.1 document with version 1.1.0', async () => {
    const result = await new Validator().validate(structuredClone(openApiDocument));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(openApiDocument).toMatchObject({ openapi: '3.1.0', info: { version: '1.1.0' } });
  });

  it('is served as JSON and YAML with the server’s own base URL', async () => {
    const json = await fetch(`${server.url}/openapi.json`);
    expect(json.status).toBe(200);
    const served = (await json.json()) as { servers: { url: string }[]; paths: object };
    expect(served.servers).toEqual([{ url: server.url }]);
    expect(Object.keys(served.paths)).toEqual(Object.keys(openApiDocument.paths as object));
    const yaml = await fetch(`${server.url}/openapi.yaml`);
    expect(yaml.headers.get('content-type')).toMatch(/^application\/yaml/);
    expect(parse(await yaml.text())).toEqual(served);
  });

  it('checks answers against the document and rejects those that do not match', async () => {
    const health = await fetch(`${server.url}/healthz`);
    expectValidResponse('GET', '/healthz', health.status, await health.json());
    expect(() => expectValidResponse('GET', '/healthz', 200, { status: 'fine' })).toThrow();
    expect(() => expectValidResponse('GET', '/healthz', 418, { status: 'ok' })).toThrow();
    expect(() => expectValidResponse('GET', '/api/me', 401, { error: 'x', status: 401 })).toThrow();
    expect(() => expectValidResponse('GET', '/nowhere', 200, {})).toThrow();
  });

  it('serves the docs page and Swagger UI from the npm package', async () => {
    const redirect = await fetch(`${server.url}/docs`, { redirect: 'manual' });
    expect(redirect.status).toBe(301);
    const page = await fetch(`${server.url}/docs/`);
    const html = await page.text();
    expect(html).toContain('swagger-ui-bundle.js');
    expect(html).not.toMatch(/https?:\/\//);
    const bundle = await fetch(`${server.url}/docs/swagger-ui-bundle.js`);
    expect(bundle.status).toBe(200);
    expect(await (await fetch(`${server.url}/docs/docs-init.js`)).text()).toContain(
      "url: '/openapi.json'",
    );
  });
});
