// Libraries most instances never use stay out of memory until they are needed:
// the OAuth library until the first OAuth request that needs it, the Redis
// client unless REDIS_URL is set. Both are CommonJS packages, so Node's
// require cache shows whether this process has loaded them.
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.js';

const loaded = (packageDir: string) =>
  Object.keys(createRequire(import.meta.url).cache).some((file) =>
    file.includes(`/node_modules/${packageDir}/`),
  );

describe('dependencies loaded on first use', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('starts and answers API requests without the OAuth library or the Redis client', async () => {
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
    const metadata = await fetch(`${server.url}/.well-known/oauth-authorization-server`);
    expect(metadata.status).toBe(200);
    expect(loaded('@node-oauth/oauth2-server')).toBe(false);
    expect(loaded('@redis/client')).toBe(false);
  });

  it('loads the OAuth library with the first token request, and answers it', async () => {
    const res = await fetch(`${server.url}/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials&client_id=unbekannt&client_secret=falsch',
    });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: string }).error).toBe('invalid_client');
    expect(loaded('@node-oauth/oauth2-server')).toBe(true);
  });
});
