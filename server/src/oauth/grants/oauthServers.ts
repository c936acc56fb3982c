// The two @node-oauth/oauth2-server instances (authorization and token
// endpoint) with the lifetimes of §8. Client authentication is enforced per
// client in the token storage's getClient, not per grant by the library:
// PKCE alone must never let a confidential client through.
import type OAuth2Server from '@node-oauth/oauth2-server';
import type { GrantStorage } from './grantStorageType.js';

export const ACCESS_TOKEN_SECONDS = 3600;
export const REFRESH_TOKEN_SECONDS = 30 * 86_400;
/** Absolute end of a refresh-token family: rotation never keeps a grant alive longer. */
export const REFRESH_FAMILY_SECONDS = 90 * 86_400;
export const AUTHORIZATION_CODE_SECONDS = 600;

export interface OAuthServers {
  authorize: OAuth2Server;
  token: OAuth2Server;
  /** The library itself: its Request, Response and OAuthError wrap Express's req/res. */
  library: typeof OAuth2Server;
}

/** The servers, built by the first call; every call gives the same ones. */
export type LoadOAuthServers = () => Promise<OAuthServers>;

export interface GrantStorages {
  authorize: GrantStorage;
  token: GrantStorage;
}

/**
 * The library is imported by the first OAuth request that needs it, not at
 * start: most instances only ever answer API keys. (It is small, 0.3–1.3 MB
 * resident next to Express; the point is that start-up loads only what every
 * instance uses.)
 */
export function lazyOAuthServers(storages: GrantStorages): LoadOAuthServers {
  let servers: Promise<OAuthServers> | undefined;
  return () => {
    servers ??= import('@node-oauth/oauth2-server').then(({ default: library }) =>
      createOAuthServers(library, storages),
    );
    return servers;
  };
}

function createOAuthServers(library: typeof OAuth2Server, storages: GrantStorages): OAuthServers {
  const options = {
    accessTokenLifetime: ACCESS_TOKEN_SECONDS,
    refreshTokenLifetime: REFRESH_TOKEN_SECONDS,
    authorizationCodeLifetime: AUTHORIZATION_CODE_SECONDS,
    alwaysIssueNewRefreshToken: true,
    allowEmptyState: true,
    allowBearerTokensInQueryString: false,
    requireClientAuthentication: {
      authorization_code: false,
      refresh_token: false,
      client_credentials: false,
    },
  };
  // The library's model union demands getAccessToken, which only its unused authenticate() calls.
  const asLibraryModel = (model: GrantStorage) =>
    model as unknown as OAuth2Server.ServerOptions['model'];
  return {
    authorize: new library({ ...options, model: asLibraryModel(storages.authorize) }),
    token: new library({ ...options, model: asLibraryModel(storages.token) }),
    library,
  };
}
