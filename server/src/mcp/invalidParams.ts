// Requests whose params do not fit their method. The SDK parses each request
// with its method's schema and answers the ZodError as -32603 (internal
// error) with zod's issue list, in English, as the message. They are checked
// here first with the same schemas of the SDK and answered as JSON-RPC 2.0
// names the case, -32602 "Invalid params", with a German message naming the
// parameter, as the REST API words its errors. A request that fits goes on
// to the SDK unchanged. So is a call of a tool this server does not have: the
// SDK would answer it inside a tool result, in English.
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  InitializeRequestSchema,
  isJSONRPCRequest,
  ListToolsRequestSchema,
  PingRequestSchema,
  type JSONRPCErrorResponse,
  type JSONRPCMessage,
  type JSONRPCRequest,
} from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import { MCP_TOOL_NAMES } from './mcpServer.js';

/** The requests this server answers (the tools' server: no resources, prompts or tasks). */
const REQUEST_SCHEMAS = new Map<string, z.ZodType>([
  ['initialize', InitializeRequestSchema],
  ['ping', PingRequestSchema],
  ['tools/list', ListToolsRequestSchema],
  ['tools/call', CallToolRequestSchema],
]);

/** Answers requests with unfitting params itself; call after the server connected the transport. */
export function refuseInvalidParams(transport: Transport): void {
  const deliver = transport.onmessage;
  transport.onmessage = (message, extra) => {
    const refusal = invalidParams(message);
    if (refusal) void transport.send(refusal);
    else deliver?.(message, extra);
  };
}

function invalidParams(message: JSONRPCMessage): JSONRPCErrorResponse | undefined {
  if (!isJSONRPCRequest(message)) return undefined;
  const checked = REQUEST_SCHEMAS.get(message.method)?.safeParse(message);
  if (checked === undefined) return undefined;
  if (!checked.success) {
    const where = checked.error.issues[0]?.path.map(String).join('.') || 'params';
    return refusal(
      message,
      `Ungültige Parameter für „${message.method}“: „${where}“ fehlt oder hat nicht den ` +
        'Typ, den das Model Context Protocol vorschreibt.',
    );
  }
  const tool = message.method === 'tools/call' ? String(message.params?.name) : undefined;
  if (tool === undefined || MCP_TOOL_NAMES.has(tool)) return undefined;
  return refusal(
    message,
    `Unbekanntes Werkzeug „${tool.slice(0, 100)}“. Verfügbar sind: ` +
      `${[...MCP_TOOL_NAMES].join(', ')}.`,
  );
}

function refusal(message: JSONRPCRequest, text: string): JSONRPCErrorResponse {
  return {
    jsonrpc: '2.0',
    id: message.id,
    error: { code: ErrorCode.InvalidParams, message: text },
  };
}
