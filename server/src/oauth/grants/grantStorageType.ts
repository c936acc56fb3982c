// What @node-oauth/oauth2-server calls on a grant storage (the library's
// "model"). Its own file so the servers (oauthServers.ts) and the storage that
// implements it (grantStorage.ts) both import it and not each other.
import type OAuth2Server from '@node-oauth/oauth2-server';

type FullModel = OAuth2Server.AuthorizationCodeModel &
  OAuth2Server.RefreshTokenModel &
  OAuth2Server.ClientCredentialsModel;
/** getAccessToken serves server.authenticate(), which we do not use: bearer tokens go through the platform's resolvers. */
export type GrantStorage = Omit<FullModel, 'getAccessToken'>;
