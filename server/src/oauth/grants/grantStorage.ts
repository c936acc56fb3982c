// The grant storage @node-oauth/oauth2-server calls (the library names it its
// "model"; here a model is a Sequelize model only) over our repositories. It
// adds what the library leaves to the storage: hashed storage, per-client
// secret enforcement, single-use codes with reuse revocation, and refresh
// token families with reuse detection (RFC 9700 §4.14.2).
import { randomUUID } from 'node:crypto';
import type OAuth2Server from '@node-oauth/oauth2-server';
import type { Clock } from '../../time/clock.js';
import type { OAuthClientService } from '../clients/clientService.js';
import type { OAuthClient } from '../clients/clientTypes.js';
import { matchRedirectUri } from '../clients/redirectUris.js';
import {
  CREDENTIAL_PREFIX,
  formDecode,
  generateCredential,
  hashCredential,
} from '../../auth/secrets.js';
import type { AuthorizationCodeRepository } from '../store/codeRepository.js';
import type { TokenKind, OAuthTokenRepository } from '../store/tokenRepository.js';
import type { GrantStorage } from './grantStorageType.js';
import { libraryClock } from './libraryClock.js';
import { REFRESH_FAMILY_SECONDS } from './oauthServers.js';

/** The resource owner the library passes between storage calls. */
export interface GrantUser {
  /** The account the tokens count against. */
  id: string;
  kind: TokenKind;
  /** Set when continuing a token family (code exchange, refresh). */
  familyId?: string;
  /** Set when refreshing: the family's absolute end (null for tokens from before the limit). */
  familyExpiresAt?: Date | null;
  /** At authorization: the redirect_uri the request carried, if any. */
  boundRedirectUri?: string | null;
}

export interface LibraryClient extends OAuth2Server.Client {
  record: OAuthClient;
}

export interface GrantStorageDeps {
  clients: OAuthClientService;
  codes: AuthorizationCodeRepository;
  tokens: OAuthTokenRepository;
  clock: Clock;
}

/** The library's invalid_grant, for a family revoked while its refresh ran. */
async function revokedMeanwhile(): Promise<Error> {
  // Already loaded: saveToken runs only inside the library.
  const { default: library } = await import('@node-oauth/oauth2-server');
  return new library.InvalidGrantError('Invalid grant: the grant was revoked');
}

export function toLibraryClient(record: OAuthClient): LibraryClient {
  const grants: string[] = [...record.grants];
  // An app with the code grant may refresh what it obtained.
  if (record.grants.includes('authorization_code')) grants.push('refresh_token');
  return { id: record.id, grants, redirectUris: record.redirectUris, record };
}

/** The earlier date; `bound` null means no bound. */
function earliest(date: Date, bound: Date | null): Date {
  return bound !== null && bound < date ? bound : date;
}

/**
 * Two storages that differ only in getClient: authorization looks the client up
 * by id; the token endpoint authenticates it.
 */
export function createGrantStorage(deps: GrantStorageDeps): {
  authorize: GrantStorage;
  token: GrantStorage;
} {
  const { clients, codes, tokens, clock } = deps;
  const time = libraryClock(clock);

  async function clientByRef(id: string): Promise<LibraryClient | null> {
    const record = await clients.findById(id);
    return record ? toLibraryClient(record) : null;
  }

  const base: Omit<GrantStorage, 'getClient'> = {
    generateAuthorizationCode: async () => generateCredential(CREDENTIAL_PREFIX.authorizationCode),
    generateAccessToken: async () => generateCredential(CREDENTIAL_PREFIX.accessToken),
    generateRefreshToken: async () => generateCredential(CREDENTIAL_PREFIX.refreshToken),
    // No scopes are declared (§5.3): none requested gives none; any requested is invalid_scope.
    validateScope: async (_user, _client, scope) => (scope && scope.length > 0 ? false : []),

    async saveAuthorizationCode(code, client, user) {
      const owner = user as GrantUser;
      if (!code.codeChallenge || code.codeChallengeMethod !== 'S256') {
        throw new Error('The authorize route admits only S256 PKCE requests');
      }
      await codes.save({
        codeHash: hashCredential(code.authorizationCode),
        clientRef: client.id,
        accountId: owner.id,
        redirectUri: owner.boundRedirectUri ?? null,
        codeChallenge: code.codeChallenge,
        codeChallengeMethod: code.codeChallengeMethod,
        expiresAt: time.fromLibrary(code.expiresAt),
        createdAt: clock(),
      });
      await clients.recordUse(client.id);
      return { ...code, client, user };
    },

    async getAuthorizationCode(authorizationCode) {
      const row = await codes.findByHash(hashCredential(authorizationCode));
      if (!row) return false;
      if (row.consumedAt) {
        // A code presented twice was probably stolen: its tokens die too (RFC 6749 §4.1.2).
        await tokens.revokeFamily(row.codeHash, clock());
        return false;
      }
      const client = await clientByRef(row.clientRef);
      if (!client) return false;
      const user: GrantUser = { id: row.accountId, kind: 'oauth_user', familyId: row.codeHash };
      return {
        authorizationCode,
        expiresAt: time.toLibrary(row.expiresAt),
        // Empty when the authorization request named none: then none is demanded.
        redirectUri: row.redirectUri ?? '',
        client,
        user,
        codeChallenge: row.codeChallenge,
        codeChallengeMethod: row.codeChallengeMethod,
      };
    },

    revokeAuthorizationCode: (code) =>
      codes.consume(hashCredential(code.authorizationCode), clock()),

    async saveToken(token, client, user) {
      const owner = user as GrantUser;
      const now = clock();
      const accessExpiresAt = time.fromLibrary(token.accessTokenExpiresAt ?? new Date());
      const familyExpiresAt =
        owner.familyExpiresAt === undefined
          ? new Date(now.getTime() + REFRESH_FAMILY_SECONDS * 1000)
          : owner.familyExpiresAt;
      const refreshExpiresAt = token.refreshTokenExpiresAt
        ? earliest(time.fromLibrary(token.refreshTokenExpiresAt), familyExpiresAt)
        : null;
      const row = {
        id: randomUUID(),
        clientRef: client.id,
        accountId: owner.id,
        kind: owner.kind,
        familyId: owner.familyId ?? randomUUID(),
        accessTokenHash: hashCredential(token.accessToken),
        accessExpiresAt,
        refreshTokenHash: token.refreshToken ? hashCredential(token.refreshToken) : null,
        refreshExpiresAt,
        familyExpiresAt,
        createdAt: now,
      };
      if (owner.familyId === undefined) await tokens.save(row);
      // A refresh that raced "Zugriff beenden" or /oauth/revoke gets no working pair.
      else if (!(await tokens.saveRotated(row, now))) throw await revokedMeanwhile();
      await clients.recordUse(client.id);
      return { ...token, client, user };
    },

    async getRefreshToken(refreshToken) {
      const row = await tokens.findByRefreshHash(hashCredential(refreshToken));
      if (!row?.refreshExpiresAt) return false;
      if (row.rotatedAt || row.revokedAt) {
        await tokens.revokeFamily(row.familyId, clock());
        return false;
      }
      const client = await clientByRef(row.clientRef);
      if (!client) return false;
      const user: GrantUser = {
        id: row.accountId,
        kind: row.kind,
        familyId: row.familyId,
        familyExpiresAt: row.familyExpiresAt,
      };
      return {
        refreshToken,
        refreshTokenExpiresAt: time.toLibrary(row.refreshExpiresAt),
        client,
        user,
        tokenId: row.id,
      };
    },

    // Conditional: of two concurrent refreshes with one token only one wins.
    revokeToken: (token) => tokens.markRotated(String(token.tokenId), clock()),

    async getUserFromClient(client) {
      const owner = (client as LibraryClient).record.ownerAccountId;
      return owner ? ({ id: owner, kind: 'client_credentials' } satisfies GrantUser) : false;
    },
  };

  return {
    authorize: {
      ...base,
      async getClient(clientId) {
        const record = await clients.findByClientId(clientId);
        return record ? toLibraryClient(record) : false;
      },
      // Loopback URIs match on any port (RFC 8252 §7.3); the authorize route checked it first.
      validateRedirectUri: async (redirectUri, client) =>
        matchRedirectUri((client as LibraryClient).record.redirectUris, redirectUri) !== null,
    },
    token: {
      ...base,
      async getClient(clientId, clientSecret) {
        const record = await clients.authenticate(
          formDecode(clientId),
          clientSecret ? formDecode(clientSecret) : undefined,
        );
        return record ? toLibraryClient(record) : false;
      },
    },
  };
}
