// The bearer resolver for OAuth access tokens: the same table the token
// endpoint writes, read on every request, so revocation (family reuse,
// deleted app) applies to the very next request.
import type { Principal, TokenResolver } from '../auth/types.js';
import type { Clock } from '../time/clock.js';
import type { OAuthClientService } from './clients/clientService.js';
import { CREDENTIAL_PREFIX, hashCredential } from '../auth/secrets.js';
import type { OAuthTokenRepository } from './store/tokenRepository.js';

export function oauthAccessTokenResolver(
  tokens: OAuthTokenRepository,
  clients: OAuthClientService,
  clock: Clock,
): TokenResolver {
  return async (token): Promise<Principal | null> => {
    if (!token.startsWith(CREDENTIAL_PREFIX.accessToken)) return null;
    const row = await tokens.findByAccessHash(hashCredential(token));
    if (!row || row.revokedAt || row.accessExpiresAt <= clock()) return null;
    const client = await clients.findById(row.clientRef);
    if (!client) return null;
    return {
      // Code-flow tokens count against the end user, client-credentials tokens against the owner.
      accountId: row.accountId,
      kind: row.kind,
      credentialId: row.id,
      clientId: client.clientId,
    };
  };
}
