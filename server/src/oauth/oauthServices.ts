// Builds the OAuth server's services over one database, among them the
// access-token resolver the bearer strategy asks after the API keys.
import type { Sequelize } from 'sequelize';
import type { TokenResolver } from '../auth/types.js';
import type { Clock } from '../time/clock.js';
import { oauthAccessTokenResolver } from './accessTokenResolver.js';
import { OAuthClientService } from './clients/clientService.js';
import { OAuthGrantService } from './grants/grantService.js';
import { createGrantStorage } from './grants/grantStorage.js';
import { lazyOAuthServers, type LoadOAuthServers } from './grants/oauthServers.js';
import { OAuthClientRepository } from './store/clientRepository.js';
import { AuthorizationCodeRepository } from './store/codeRepository.js';
import { OAuthTokenRepository } from './store/tokenRepository.js';

export interface OAuthServices {
  clients: OAuthClientService;
  /** The library's servers, loaded with the first OAuth request that needs them. */
  servers: LoadOAuthServers;
  grants: OAuthGrantService;
  accessTokens: TokenResolver;
}

export function createOAuthServices(sequelize: Sequelize, clock: Clock): OAuthServices {
  const clients = new OAuthClientService(new OAuthClientRepository(sequelize), clock);
  const tokens = new OAuthTokenRepository(sequelize);
  const codes = new AuthorizationCodeRepository(sequelize);
  return {
    clients,
    servers: lazyOAuthServers(createGrantStorage({ clients, codes, tokens, clock })),
    grants: new OAuthGrantService({ clients, codes, tokens, clock }),
    accessTokens: oauthAccessTokenResolver(tokens, clients, clock),
  };
}
