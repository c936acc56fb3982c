// Where the client service keeps its clients. Declared here, next to what a
// client is, so the service does not depend on the database: store/
// implements it (OAuthClientRepository), and clients/ never imports store/.
import type { OAuthClient } from './clientTypes.js';

export interface ClientStore {
  create(client: Omit<OAuthClient, 'lastUsedAt'>): Promise<OAuthClient>;
  findByClientId(clientId: string): Promise<OAuthClient | null>;
  findById(id: string): Promise<OAuthClient | null>;
  listByOwner(ownerAccountId: string): Promise<OAuthClient[]>;
  countByOwner(ownerAccountId: string): Promise<number>;
  /** Records a use; writes at most once per `resolutionMs` per client. */
  touchLastUsed(id: string, now: Date, resolutionMs: number): Promise<void>;
  /** Deletes up to `limit` ownerless clients unused since `cutoff`; returns how many. */
  deleteUnusedDynamic(cutoff: Date, limit: number): Promise<number>;
  /** Replaces the secret hash; false when the client is gone. */
  replaceSecretHash(id: string, secretHash: string): Promise<boolean>;
  /** Deletes the client with its codes and tokens; false when it was gone. */
  delete(id: string): Promise<boolean>;
}
