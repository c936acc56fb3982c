// The two shapes a tool call answers with: a result whose text a person can
// read (plus the API's JSON as structuredContent and, for older clients, as
// text), or a tool error carrying the API's error code and message.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { errorBody, type InternalErrorCode } from '#shared/errorBody.js';
import type { AppError } from '#shared/errors.js';
import { toAppError } from '../http/errorBody.js';
import type { Logger } from '../logging/logger.js';

export function toolSuccess(summary: string, body: object): CallToolResult {
  const structured = { ...body } as Record<string, unknown>;
  return {
    content: [
      { type: 'text', text: summary },
      { type: 'text', text: JSON.stringify(structured) },
    ],
    structuredContent: structured,
  };
}

export function toolError(error: AppError): CallToolResult {
  const details = Object.entries(error.details ?? {}).map(([key, value]) => `${key}: ${value}`);
  const text = `Fehler ${error.code} (${error.status}): ${error.message}`;
  return {
    isError: true,
    content: [{ type: 'text', text: details.length ? `${text} (${details.join(', ')})` : text }],
    structuredContent: { ...errorBody(error) },
  };
}

/**
 * Runs a tool's work and turns any failure into a tool error, as the REST
 * error middleware does for routes: unexpected errors are logged in full and
 * reach the client only as the generic internal code.
 */
export async function runTool(
  logger: Logger,
  internalCode: InternalErrorCode,
  work: () => Promise<CallToolResult> | CallToolResult,
): Promise<CallToolResult> {
  try {
    return await work();
  } catch (err) {
    const error = toAppError(err, internalCode);
    if (error.status >= 500)
      logger.error({ err: error.cause ?? error, code: error.code }, 'MCP tool failed');
    return toolError(error);
  }
}
