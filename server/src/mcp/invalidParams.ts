// Requests whose params do not fit their method. The SDK parses each request
// with its method's schema and answers the ZodError as -32603 (internal
// error) with zod's issue list, in English, as the message. They are checked
// here first with the same schemas of the SDK and answered as JSON-RPC 2.0
// names the case, -32602 "Invalid params", with a German message naming the
// parameter, as the REST API words its errors. A request that fits goes on
// to the SDK unchanged.
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
} from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';

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
  if (checked === undefined || checked.success) return undefined;
  const where = checked.error.issues[0]?.path.map(String).join('.') || 'params';
  return {
    jsonrpc: '2.0',
    id: message.id,
    error: {
      code: ErrorCode.InvalidParams,
      message:
        `Ungültige Parameter für „${message.method}“: „${where}“ fehlt oder hat nicht den ` +
        'Typ, den das Model Context Protocol vorschreibt.',
    },
  };
}
