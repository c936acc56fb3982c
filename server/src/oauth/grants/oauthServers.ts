// The two @node-oauth/oauth2-server instances (authorization and token
// endpoint) with the lifetimes of §8. Client authentication is enforced per
// client in the token model's getClient, not per grant by the library:
// PKCE alone must never let a confidential client through.
import OAuth2Server from '@node-oauth/oauth2-server';
import type { GrantModel } from './oauthModel.js';

export const ACCESS_TOKEN_SECONDS = 3600;
export const REFRESH_TOKEN_SECONDS = 30 * 86_400;
/** Absolute end of a refresh-token family: rotation never keeps a grant alive longer. */
export const REFRESH_FAMILY_SECONDS = 90 * 86_400;
export const AUTHORIZATION_CODE_SECONDS = 600;

export interface OAuthServers {
  authorize: OAuth2Server;
  token: OAuth2Server;
}

export function createOAuthServers(models: {
  authorize: GrantModel;
  token: GrantModel;
}): OAuthServers {
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
  const asLibraryModel = (model: GrantModel) =>
    model as unknown as OAuth2Server.ServerOptions['model'];
  return {
    authorize: new OAuth2Server({ ...options, model: asLibraryModel(models.authorize) }),
    token: new OAuth2Server({ ...options, model: asLibraryModel(models.token) }),
  };
}
