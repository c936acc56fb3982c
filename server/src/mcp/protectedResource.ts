// OAuth 2.0 Protected Resource Metadata (RFC 9728) for /mcp, so that MCP
// clients find the authorization server, register (RFC 7591) and log in with
// PKCE on their own. Served at the path-suffixed URL the MCP specification
// asks for first and at the root URL older clients fall back to.
import { metadataHandler } from '@modelcontextprotocol/sdk/server/auth/handlers/metadata.js';
import type { OAuthProtectedResourceMetadata } from '@modelcontextprotocol/sdk/shared/auth.js';
import { Router } from 'express';
import type { Config } from '../config/config.js';

type UrlConfig = Pick<Config, 'baseUrl' | 'authUrl'>;

const ROOT_PATH = '/.well-known/oauth-protected-resource';
const MCP_PATH = `${ROOT_PATH}/mcp`;

/** Where the 401 challenge of /mcp points (`resource_metadata`). */
export const mcpResourceMetadataUrl = (config: UrlConfig) => `${config.baseUrl}${MCP_PATH}`;

export function protectedResourceMetadata(config: UrlConfig): OAuthProtectedResourceMetadata {
  return {
    resource: `${config.baseUrl}/mcp`,
    authorization_servers: [config.authUrl],
    bearer_methods_supported: ['header'],
    resource_name: 'Bodenrichtwert-Service (MCP)',
    resource_documentation: `${config.baseUrl}/docs`,
  };
}

export function protectedResourceRouter(config: UrlConfig): Router {
  const handler = metadataHandler(protectedResourceMetadata(config));
  const router = Router();
  router.use(MCP_PATH, handler);
  router.use(ROOT_PATH, handler);
  return router;
}
