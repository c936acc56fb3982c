// The SDK hands `req.auth` to every tool handler as `extra.authInfo`; this is
// how the bearer principal of /mcp reaches the tools.
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { BearerPrincipal } from '../auth/types.js';
import type { LookupCaller } from '../scheduling/workTicket.js';

/** `ip`: the client's rate-limit key, whose upstream slots the tool calls share. */
export function authInfoFor(principal: BearerPrincipal, ip: string): AuthInfo {
  return {
    token: principal.token,
    // API keys belong to no OAuth client; the key id stands in for one.
    clientId: principal.clientId ?? principal.credentialId,
    // The authorization server declares no scopes (issue 4).
    scopes: [],
    extra: { accountId: principal.accountId, ip },
  };
}

/** The account a tool call counts against; a programming error if the route set no auth. */
function accountIdOf(authInfo: AuthInfo | undefined): string {
  const accountId = authInfo?.extra?.accountId;
  if (typeof accountId !== 'string') throw new Error('the /mcp route must set req.auth');
  return accountId;
}

/** The caller of a lookup tool call; `signal` aborts when the MCP request ends unanswered. */
export function toolCallerOf(authInfo: AuthInfo | undefined, signal: AbortSignal): LookupCaller {
  const ip = authInfo?.extra?.ip;
  if (typeof ip !== 'string') throw new Error('the /mcp route must set req.auth');
  return { accountId: accountIdOf(authInfo), ip, signal };
}
