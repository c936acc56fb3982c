// CORS for /mcp, in the spirit of /api/*: any origin with a bearer token, no
// cookies. Browser-based MCP clients also send the protocol's own headers and
// must read the 401 challenge; GET and DELETE are allowed so that they see
// the 405 rather than a CORS failure.
import cors from 'cors';

export const mcpCors = cors({
  origin: '*',
  methods: ['GET', 'POST', 'DELETE', 'OPTIONS'],
  allowedHeaders: [
    'Authorization',
    'Content-Type',
    'Accept',
    'Mcp-Protocol-Version',
    'Mcp-Session-Id',
    'Last-Event-ID',
  ],
  exposedHeaders: [
    'WWW-Authenticate',
    'Mcp-Session-Id',
    'Retry-After',
    'RateLimit',
    'RateLimit-Policy',
    'X-Request-Id',
  ],
  credentials: false,
  maxAge: 600,
});
