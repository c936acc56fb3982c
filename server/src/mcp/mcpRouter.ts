// POST /mcp: the Model Context Protocol over Streamable HTTP, stateless, behind
// the same rate limit and bearer authentication as /api/*. GET (listen
// stream) and DELETE (session end) answer 405, as a stateless server has
// neither. A 401 points MCP clients at the protected resource metadata.
// JSON-RPC batches are refused: one POST is one message, so the per-IP rate
// limit counts every tool call (a batch of 100 calls used to count once).
import { Router, type NextFunction, type Request, type Response } from 'express';
import { BATCH_BODY_LIMIT_BYTES } from '#shared/apiTypes.js';
import { errorBody } from '#shared/errorBody.js';
import { ErrorCode, isAppError } from '#shared/errors.js';
import type { CountedLookupDeps } from '../lookup/countedLookup.js';
import { principalOf, requireBearer, type BearerDeps } from '../auth/requireBearer.js';
import type { Config } from '../config/config.js';
import { jsonBodyUpTo } from '../http/jsonBody.js';
import { clientKey, type RateLimited } from '../http/rateLimit.js';
import { authInfoFor } from './authInfo.js';
import { mcpCors } from './mcpCors.js';
import type { McpRuntimeLoader } from './mcpRuntime.js';
import type { FlurstueckToolDeps } from './tools/getFlurstueck.js';
import type { ImmobilienrichtwertToolDeps } from './tools/getImmobilienrichtwert.js';
import type { LiegenschaftszinsDeps } from '../lookup/liegenschaftszins.js';
import { mcpResourceMetadataUrl, protectedResourceRouter } from './protectedResource.js';

export type McpDeps = RateLimited &
  CountedLookupDeps &
  FlurstueckToolDeps &
  ImmobilienrichtwertToolDeps &
  LiegenschaftszinsDeps &
  BearerDeps & {
    config: Pick<Config, 'baseUrl' | 'authUrl'>;
    /** The MCP SDK and tools, loaded with the first /mcp request. */
    mcpRuntime: McpRuntimeLoader;
  };

/** The MCP authorization rules forbid tokens in the query string. */
const QUERY_TOKEN_REFUSED =
  'Für /mcp muss das Zugriffstoken im Header „Authorization: Bearer …“ stehen, nicht im Parameter token.';

/**
 * The batch tool takes what the REST batch takes: its arguments may be as
 * long as that body, plus the JSON-RPC envelope around them.
 */
export const MCP_BODY_LIMIT_BYTES = BATCH_BODY_LIMIT_BYTES + 2048;

export function mcpRouter(ctx: McpDeps): Router {
  const router = Router();
  router.use(protectedResourceRouter(ctx.config));
  router.use('/mcp', mcpCors);
  router.post(
    '/mcp',
    ctx.apiRateLimit,
    requireBearer(ctx, { queryTokenRefused: QUERY_TOKEN_REFUSED }),
    jsonBodyUpTo(MCP_BODY_LIMIT_BYTES),
    oneMessagePerRequest,
    async (req, res) => {
      const { Transport, buildMcpServer, refuseInvalidParams } = await ctx.mcpRuntime();
      const server = buildMcpServer(ctx);
      const transport = new Transport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
      });
      const closeAll = () => {
        void transport.close();
        void server.close();
      };
      res.on('close', closeAll);
      await server.connect(transport);
      refuseInvalidParams(transport);
      // A client that left during authentication gets no tool run (its close event is past).
      if (res.closed) {
        closeAll();
        return;
      }
      const auth = authInfoFor(principalOf(req), clientKey(req));
      await transport.handleRequest(Object.assign(req, { auth }), res, req.body);
    },
  );
  router.all('/mcp', methodNotAllowed);
  router.use('/mcp', authChallenge(mcpResourceMetadataUrl(ctx.config)));
  return router;
}

/** MCP 2025-06-18 and later have no JSON-RPC batches; older clients send one message at a time too. */
function oneMessagePerRequest(req: Request, res: Response, next: NextFunction): void {
  if (!Array.isArray(req.body)) {
    next();
    return;
  }
  res.status(400).json({
    jsonrpc: '2.0',
    error: {
      code: -32600,
      message:
        'JSON-RPC-Batches werden nicht unterstützt: bitte jede Nachricht in einer eigenen ' +
        'Anfrage senden.',
    },
    id: null,
  });
}

function methodNotAllowed(_req: Request, res: Response): void {
  res
    .status(405)
    .set('Allow', 'POST')
    .json({
      jsonrpc: '2.0',
      error: { code: -32000, message: 'Methode nicht erlaubt: /mcp nimmt nur POST an.' },
      id: null,
    });
}

/**
 * Answers 401 itself, with `resource_metadata` in the challenge (RFC 9728
 * §5.1), so MCP clients can discover the authorization server; every other
 * error goes on to the app's error middleware.
 */
function authChallenge(resourceMetadataUrl: string) {
  return (err: unknown, _req: Request, res: Response, next: NextFunction): void => {
    if (!isAppError(err) || err.status !== 401 || res.headersSent) {
      next(err);
      return;
    }
    const error = err.code === ErrorCode.invalidToken ? 'error="invalid_token", ' : '';
    res.setHeader('WWW-Authenticate', `Bearer ${error}resource_metadata="${resourceMetadataUrl}"`);
    res.status(401).json(errorBody(err));
  };
}
