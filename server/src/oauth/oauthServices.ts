// Builds the OAuth server's services over one database and registers the
// access-token resolver with the platform's bearer authentication, so OAuth
// tokens pass the same check as API keys.
import type { Sequelize } from 'sequelize';
import type { BearerAuthenticator } from '../auth/bearerAuthenticator.js';
import type { Clock } from '../time/clock.js';
import { oauthAccessTokenResolver } from './accessTokenResolver.js';
import { OAuthClientService } from './clients/clientService.js';
import { OAuthGrantService } from './grants/grantService.js';
import { createGrantModels } from './grants/oauthModel.js';
import { createOAuthServers, type OAuthServers } from './grants/oauthServers.js';
import { OAuthClientRepository } from './store/clientRepository.js';
import { AuthorizationCodeRepository } from './store/codeRepository.js';
import { OAuthTokenRepository } from './store/tokenRepository.js';

export interface OAuthServices {
  clients: OAuthClientService;
  servers: OAuthServers;
  grants: OAuthGrantService;
}

export function createOAuthServices(
  sequelize: Sequelize,
  clock: Clock,
  bearer: BearerAuthenticator,
): OAuthServices {
  const clients = new OAuthClientService(new OAuthClientRepository(sequelize), clock);
  const tokens = new OAuthTokenRepository(sequelize);
  const codes = new AuthorizationCodeRepository(sequelize);
  bearer.registerTokenResolver(oauthAccessTokenResolver(tokens, clients, clock));
  return {
    clients,
    servers: createOAuthServers(createGrantModels({ clients, codes, tokens, clock })),
    grants: new OAuthGrantService({ clients, codes, tokens, clock }),
  };
}
