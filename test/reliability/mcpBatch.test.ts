// A JSON-RPC batch used to put 100 tool calls behind one count of the per-IP
// rate limit (issue 20). /mcp now takes one message per request: a batch
// answers 400 with JSON-RPC error -32600 and runs none of its calls, so the
// limit counts every tool call.
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAccount, type TestAccount } from '#dev/service/accounts.js';
import { expectValidResponse } from '../support/openapi.js';
import { startTestServer, type TestServer } from '#dev/service/testServer.js';

const LIMIT = 5;
let server: TestServer;
let account: TestAccount;

beforeAll(async () => {
  server = await startTestServer({ env: { RATE_LIMIT_PER_MINUTE: String(LIMIT) } });
  account = await createTestAccount(server.ctx);
});
afterAll(async () => {
  await server.close();
});

const toolCall = (id: number) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name: 'calculate_bodenwert', arguments: { brw: 100, flaeche: 10 } },
});

function postMcp(body: unknown) {
  return fetch(`${server.url}/mcp`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${account.token}`,
      Accept: 'application/json, text/event-stream',
      'Content-Type': 'application/json',
      'MCP-Protocol-Version': LATEST_PROTOCOL_VERSION,
    },
    body: JSON.stringify(body),
  });
}

describe('JSON-RPC batches on /mcp', () => {
  it('refuses a batch with 400 and error -32600, running none of its calls', async () => {
    const res = await postMcp([toolCall(1), toolCall(2)]);
    expect(res.status).toBe(400);
    const body = (await res.json()) as {
      jsonrpc: string;
      error: { code: number; message: string };
    };
    expect(body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600 } });
    expect(body.error.message).toMatch(/Batches werden nicht unterstützt/);
    expectValidResponse('POST', '/mcp', 400, body);
  });

  it('counts every single tool call against the per-IP limit', async () => {
    // The batch above took one count.
    const statuses: number[] = [];
    for (let id = 1; id <= LIMIT; id += 1) {
      const res = await postMcp(toolCall(id));
      await res.arrayBuffer();
      statuses.push(res.status);
    }
    expect(statuses.slice(0, LIMIT - 1)).toEqual(Array(LIMIT - 1).fill(200));
    expect(statuses[LIMIT - 1]).toBe(429);
  });
});
