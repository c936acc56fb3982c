// The HTTP server of the service, bounded against slow and piling clients:
// request line and headers within HEADERS_TIMEOUT_MS, the whole request (body
// included) within HTTP_REQUEST_TIMEOUT_MS (else 408 and the socket closes),
// idle keep-alive sockets closed after HTTP_KEEP_ALIVE_TIMEOUT_MS, and at most
// HTTP_MAX_CONNECTIONS sockets at once (more are closed on arrival). These
// bound receiving a request only; a slow upstream answer is bounded by
// UPSTREAM_TIMEOUT_MS.
import { createServer, type RequestListener, type Server } from 'node:http';
import type { Config } from '../config/config.js';

const HEADERS_TIMEOUT_MS = 10_000;
/** How often Node checks the two request timeouts (its default, 30 s, would double them). */
const CHECK_INTERVAL_MS = 1_000;

export function createHttpServer(limits: Config['http'], app: RequestListener): Server {
  const server = createServer(
    {
      requestTimeout: limits.requestTimeoutMs,
      headersTimeout: Math.min(HEADERS_TIMEOUT_MS, limits.requestTimeoutMs),
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      connectionsCheckingInterval: Math.min(CHECK_INTERVAL_MS, limits.requestTimeoutMs),
    },
    app,
  );
  server.maxConnections = limits.maxConnections;
  return server;
}
