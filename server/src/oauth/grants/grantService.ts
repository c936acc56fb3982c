// What users and apps can do with grants once issued: an app revokes a token
// (RFC 7009), a user lists the apps they let in and ends an app's access,
// and expired codes and tokens and unused dynamic registrations are purged.
import type { Clock } from '../../time/clock.js';
import type { OAuthClientService } from '../clients/clientService.js';
import type { OAuthClient } from '../clients/clientTypes.js';
import { hashCredential } from '../../auth/secrets.js';
import type { AuthorizationCodeRepository } from '../store/codeRepository.js';
import type { OAuthTokenRepository } from '../store/tokenRepository.js';
import { REFRESH_TOKEN_SECONDS } from './oauthServers.js';

/**
 * A dynamically registered client that obtained no code or token for this
 * long is deleted. Equal to the refresh-token lifetime, so nothing that could
 * still be used goes with it.
 */
export const UNUSED_CLIENT_SECONDS = REFRESH_TOKEN_SECONDS;
/** Rows deleted per statement, and statements per table and run: short locks, bounded work. */
export const PURGE_BATCH = 500;
const PURGE_MAX_BATCHES = 20;

export interface ConnectedApp {
  client: OAuthClient;
  /** The first token of the grants still alive. */
  firstIssuedAt: Date;
  lastIssuedAt: Date;
}

export interface PurgeCounts {
  codes: number;
  tokens: number;
  clients: number;
}

export interface GrantServiceDeps {
  clients: Pick<OAuthClientService, 'findById' | 'findByClientId' | 'deleteUnusedDynamic'>;
  codes: Pick<AuthorizationCodeRepository, 'consumeGrant' | 'deleteExpired'>;
  tokens: Pick<
    OAuthTokenRepository,
    'findByEitherHash' | 'revokeFamily' | 'liveGrants' | 'revokeGrant' | 'deleteExpired'
  >;
  clock: Clock;
}

async function inBatches(deleteBatch: (limit: number) => Promise<number>): Promise<number> {
  let total = 0;
  for (let batch = 0; batch < PURGE_MAX_BATCHES; batch += 1) {
    const deleted = await deleteBatch(PURGE_BATCH);
    total += deleted;
    if (deleted < PURGE_BATCH) break;
  }
  return total;
}

export class OAuthGrantService {
  constructor(private readonly deps: GrantServiceDeps) {}

  /**
   * RFC 7009: revokes the grant (every token of its family) the access or
   * refresh token belongs to, if it was issued to this client. Unknown tokens
   * and tokens of other clients change nothing, and the caller answers 200
   * alike, so the endpoint tells nobody whether a token exists.
   */
  async revokeToken(client: OAuthClient, token: string): Promise<void> {
    const row = await this.deps.tokens.findByEitherHash(hashCredential(token));
    if (row?.clientRef !== client.id) return;
    await this.deps.tokens.revokeFamily(row.familyId, this.deps.clock());
  }

  /** The apps the user has granted access that still works, most recently used first. */
  async connectedApps(accountId: string): Promise<ConnectedApp[]> {
    const grants = await this.deps.tokens.liveGrants(accountId, this.deps.clock());
    const apps = await Promise.all(
      grants.map(async ({ clientRef, firstIssuedAt, lastIssuedAt }): Promise<ConnectedApp[]> => {
        const client = await this.deps.clients.findById(clientRef);
        return client ? [{ client, firstIssuedAt, lastIssuedAt }] : [];
      }),
    );
    return apps.flat().sort((a, b) => b.lastIssuedAt.getTime() - a.lastIssuedAt.getTime());
  }

  /** Ends every token and pending code the user granted the app; the app, or null if unknown. */
  async revokeGrant(accountId: string, clientId: string): Promise<OAuthClient | null> {
    const client = await this.deps.clients.findByClientId(clientId);
    if (!client) return null;
    const now = this.deps.clock();
    await this.deps.codes.consumeGrant(accountId, client.id, now);
    await this.deps.tokens.revokeGrant(accountId, client.id, now);
    return client;
  }

  /** Deletes expired codes and tokens and unused dynamic clients, in bounded batches. */
  async purgeExpired(): Promise<PurgeCounts> {
    const now = this.deps.clock();
    const unusedSince = new Date(now.getTime() - UNUSED_CLIENT_SECONDS * 1000);
    return {
      codes: await inBatches((limit) => this.deps.codes.deleteExpired(now, limit)),
      tokens: await inBatches((limit) => this.deps.tokens.deleteExpired(now, limit)),
      clients: await inBatches((limit) =>
        this.deps.clients.deleteUnusedDynamic(unusedSince, limit),
      ),
    };
  }
}
