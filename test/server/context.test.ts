// Two apps built from two contexts in one process share no state: each page
// renderer uses its own context's templates, each /mcp route its own
// context's lazily loaded MCP runtime.
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '#server/app.js';
import type { AppContext } from '#server/context.js';
import type { McpRuntimeLoader } from '#server/mcp/mcpRuntime.js';
import type { PageTemplates } from '#server/web/views.js';
import { createTestAccount } from '#dev/service/accounts.js';
import { startTestServer, type TestServer } from '#dev/service/testServer.js';
import { connectMcp } from './mcp/mcpClient.js';

interface WatchedApp {
  server: TestServer;
  url: string;
  token: string;
  /** The views its context's templates rendered. */
  rendered: string[];
  /** How often its /mcp route asked its context for the runtime. */
  runtimeAsked: number;
  http: Server;
}

/** An app of its own on a test server's context, whose templates and MCP runtime note their use. */
async function watchedApp(): Promise<WatchedApp> {
  const server = await startTestServer();
  const { pageTemplates, mcpRuntime } = server.ctx;
  const watched = { server, rendered: [] as string[], runtimeAsked: 0 };
  const ctx: AppContext = {
    ...server.ctx,
    pageTemplates: {
      render(view, data) {
        watched.rendered.push(view);
        return pageTemplates.render(view, data);
      },
    } satisfies PageTemplates,
    mcpRuntime: (() => {
      watched.runtimeAsked += 1;
      return mcpRuntime();
    }) satisfies McpRuntimeLoader,
  };
  const http = createServer(createApp(ctx)).listen(0, '127.0.0.1');
  await once(http, 'listening');
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const { token } = await createTestAccount(server.ctx);
  return Object.assign(watched, { url, token, http });
}

describe('two apps from two contexts in one process', () => {
  let first: WatchedApp;
  let second: WatchedApp;
  beforeAll(async () => {
    first = await watchedApp();
    second = await watchedApp();
  });
  afterAll(async () => {
    for (const app of [first, second]) {
      app.http.closeAllConnections();
      await new Promise<void>((resolve) => app.http.close(() => resolve()));
      await app.server.close();
    }
  });

  it('render pages with their own context’s templates', async () => {
    expect((await fetch(`${first.url}/login`)).status).toBe(200);
    expect(first.rendered).toEqual(['login']);
    expect(second.rendered).toEqual([]);
  });

  it('load the MCP runtime through their own context, once per context', async () => {
    const client = await connectMcp(first.url, first.token);
    await client.listTools();
    await client.close();
    expect(first.runtimeAsked).toBeGreaterThan(0);
    expect(second.runtimeAsked).toBe(0);
    const [firstRuntime, again, secondRuntime] = await Promise.all([
      first.server.ctx.mcpRuntime(),
      first.server.ctx.mcpRuntime(),
      second.server.ctx.mcpRuntime(),
    ]);
    expect(again).toBe(firstRuntime);
    expect(secondRuntime).not.toBe(firstRuntime);
  });
});
