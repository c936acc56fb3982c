// Registering, finding, rotating and deleting OAuth clients, and checking a
// client's credentials at the token endpoint.
import { randomUUID } from 'node:crypto';
import type { Clock } from '../../time/clock.js';
import {
  CREDENTIAL_PREFIX,
  credentialMatches,
  generateClientId,
  generateCredential,
  hashCredential,
} from '../../auth/secrets.js';
import { PerAccountTurns } from '../../apiKeys/perAccountTurns.js';
import type { ClientStore } from './clientStore.js';
import type { ClientRegistration, OAuthClient, PresentedClient } from './clientTypes.js';

/** Apps one account may register in the dashboard or with the admin command. */
export const MAX_APPS_PER_ACCOUNT = 20;
/** A client's last use is written at most this often. */
const LAST_USE_RESOLUTION_MS = 3600_000;

/** The account already has MAX_APPS_PER_ACCOUNT apps. */
export class AppLimitError extends RangeError {
  constructor() {
    super(`An account may register at most ${MAX_APPS_PER_ACCOUNT} apps`);
    this.name = 'AppLimitError';
  }
}

export interface RegisteredClient {
  client: OAuthClient;
  /** The client secret of a confidential client; shown once, never stored. */
  secret: string | undefined;
}

export class OAuthClientService {
  /** Registrations of one account in turn, as key creations: parallel forms meet the limit one by one. */
  private readonly registrations = new PerAccountTurns();

  constructor(
    private readonly clients: ClientStore,
    private readonly clock: Clock,
  ) {}

  /**
   * Registers a checked registration; ownerAccountId null for dynamic
   * registration. Throws AppLimitError when the owner has too many apps.
   */
  register(
    registration: ClientRegistration,
    ownerAccountId: string | null,
  ): Promise<RegisteredClient> {
    if (ownerAccountId === null) return this.registerNow(registration, null);
    return this.registrations.run(ownerAccountId, () =>
      this.registerNow(registration, ownerAccountId),
    );
  }

  private async registerNow(
    registration: ClientRegistration,
    ownerAccountId: string | null,
  ): Promise<RegisteredClient> {
    const secret =
      registration.type === 'confidential'
        ? generateCredential(CREDENTIAL_PREFIX.clientSecret)
        : undefined;
    const client = await this.clients.create({
      ...registration,
      id: randomUUID(),
      clientId: generateClientId(),
      ownerAccountId,
      secretHash: secret === undefined ? null : hashCredential(secret),
      createdAt: this.clock(),
    });
    // Counted after the insert, so registrations on several instances cannot all pass.
    if (
      ownerAccountId !== null &&
      (await this.clients.countByOwner(ownerAccountId)) > MAX_APPS_PER_ACCOUNT
    ) {
      await this.clients.delete(client.id);
      throw new AppLimitError();
    }
    return { client, secret };
  }

  findByClientId(clientId: string): Promise<OAuthClient | null> {
    return this.clients.findByClientId(clientId);
  }

  findById(id: string): Promise<OAuthClient | null> {
    return this.clients.findById(id);
  }

  listByOwner(ownerAccountId: string): Promise<OAuthClient[]> {
    return this.clients.listByOwner(ownerAccountId);
  }

  /** The client of that owner, or null (someone else's apps look missing). */
  async findOwned(ownerAccountId: string, clientId: string): Promise<OAuthClient | null> {
    const client = await this.clients.findByClientId(clientId);
    return client?.ownerAccountId === ownerAccountId ? client : null;
  }

  /** A new secret for a confidential client; the old one is dead at once. */
  async rotateSecret(client: OAuthClient): Promise<string> {
    if (client.type !== 'confidential') {
      throw new RangeError('Only confidential clients have a secret');
    }
    const secret = generateCredential(CREDENTIAL_PREFIX.clientSecret);
    await this.clients.replaceSecretHash(client.id, hashCredential(secret));
    return secret;
  }

  /** Notes that the client obtained a code or token (unused dynamic clients expire). */
  recordUse(id: string): Promise<void> {
    return this.clients.touchLastUsed(id, this.clock(), LAST_USE_RESOLUTION_MS);
  }

  /** Deletes up to `limit` dynamic clients unused since `cutoff`. */
  deleteUnusedDynamic(cutoff: Date, limit: number): Promise<number> {
    return this.clients.deleteUnusedDynamic(cutoff, limit);
  }

  /** Deletes the client with its codes and tokens. */
  delete(client: OAuthClient): Promise<boolean> {
    return this.clients.delete(client.id);
  }

  /**
   * The client when the presented credentials authenticate it: a confidential
   * client needs its secret (PKCE does not authenticate a client); a public
   * client has none and must not present one.
   */
  async authenticate(clientId: string, secret: string | undefined): Promise<OAuthClient | null> {
    const client = await this.clients.findByClientId(clientId);
    if (!client) return null;
    if (client.type === 'public') return secret === undefined ? client : null;
    if (secret === undefined || !client.secretHash) return null;
    return credentialMatches(secret, client.secretHash) ? client : null;
  }

  /** As authenticate, and only by the method the client registered. */
  async authenticatePresented(presented: PresentedClient): Promise<OAuthClient | null> {
    const client = await this.authenticate(presented.clientId, presented.secret);
    return client?.authMethod === presented.method ? client : null;
  }
}
