// The MCP SDK (about 9 MB resident) and the tools built on it, loaded with the
// first /mcp request: most instances never serve one. The context holds the
// loader, so two apps in one process keep their own (Node's module cache still
// reads the code once).
import type { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { refuseInvalidParams } from './invalidParams.js';
import type { buildMcpServer } from './mcpServer.js';

export interface McpRuntime {
  Transport: typeof StreamableHTTPServerTransport;
  buildMcpServer: typeof buildMcpServer;
  refuseInvalidParams: typeof refuseInvalidParams;
}

/** Loads the runtime on its first call and answers every later one with the same. */
export type McpRuntimeLoader = () => Promise<McpRuntime>;

export function lazyMcpRuntime(): McpRuntimeLoader {
  let runtime: Promise<McpRuntime> | undefined;
  return () =>
    (runtime ??= Promise.all([
      import('@modelcontextprotocol/sdk/server/streamableHttp.js'),
      import('./mcpServer.js'),
      import('./invalidParams.js'),
    ]).then(([transport, server, params]) => ({
      Transport: transport.StreamableHTTPServerTransport,
      buildMcpServer: server.buildMcpServer,
      refuseInvalidParams: params.refuseInvalidParams,
    })));
}
