// OAuth clients in the database.
import { Op, type Sequelize } from 'sequelize';
import type {
  ClientGrant,
  ClientType,
  OAuthClient,
  TokenAuthMethod,
} from '../clients/clientTypes.js';
import type { ClientStore } from '../clients/clientStore.js';
import { defineOAuthClientModel, type OAuthClientModel } from './clientModel.js';

export class OAuthClientRepository implements ClientStore {
  private readonly clients;

  constructor(sequelize: Sequelize) {
    this.clients = defineOAuthClientModel(sequelize);
  }

  async create(client: Omit<OAuthClient, 'lastUsedAt'>): Promise<OAuthClient> {
    const row = await this.clients.create({
      ...client,
      clientType: client.type,
      tokenEndpointAuthMethod: client.authMethod,
      grants: JSON.stringify(client.grants),
      redirectUris: JSON.stringify(client.redirectUris),
      updatedAt: client.createdAt,
    });
    return toClient(row);
  }

  async findByClientId(clientId: string): Promise<OAuthClient | null> {
    const row = await this.clients.findOne({ where: { clientId } });
    return row ? toClient(row) : null;
  }

  async findById(id: string): Promise<OAuthClient | null> {
    const row = await this.clients.findByPk(id);
    return row ? toClient(row) : null;
  }

  async listByOwner(ownerAccountId: string): Promise<OAuthClient[]> {
    const rows = await this.clients.findAll({
      where: { ownerAccountId },
      order: [['createdAt', 'ASC']],
    });
    return rows.map(toClient);
  }

  countByOwner(ownerAccountId: string): Promise<number> {
    return this.clients.count({ where: { ownerAccountId } });
  }

  /** Records a use; writes at most once per `resolutionMs` per client. */
  async touchLastUsed(id: string, now: Date, resolutionMs: number): Promise<void> {
    const before = new Date(now.getTime() - resolutionMs);
    await this.clients.update(
      { lastUsedAt: now },
      {
        where: {
          id,
          [Op.or]: [{ lastUsedAt: { [Op.is]: null } }, { lastUsedAt: { [Op.lt]: before } }],
        },
      },
    );
  }

  /**
   * Deletes up to `limit` dynamically registered clients (no owner) not used
   * since `cutoff` (never used: registered before it); returns how many.
   */
  async deleteUnusedDynamic(cutoff: Date, limit: number): Promise<number> {
    const rows = await this.clients.findAll({
      attributes: ['id'],
      where: {
        ownerAccountId: { [Op.is]: null },
        [Op.or]: [
          { lastUsedAt: { [Op.lt]: cutoff } },
          { lastUsedAt: { [Op.is]: null }, createdAt: { [Op.lt]: cutoff } },
        ],
      },
      limit,
    });
    if (rows.length === 0) return 0;
    return this.clients.destroy({ where: { id: rows.map((row) => row.id) } });
  }

  /** Replaces the secret hash; the old secret stops working with this write. */
  async replaceSecretHash(id: string, secretHash: string): Promise<boolean> {
    const [affected] = await this.clients.update({ secretHash }, { where: { id } });
    return affected === 1;
  }

  /** Deletes the client; its codes and tokens go with it (ON DELETE CASCADE). */
  async delete(id: string): Promise<boolean> {
    return (await this.clients.destroy({ where: { id } })) === 1;
  }
}

function toClient(row: OAuthClientModel): OAuthClient {
  return {
    id: row.id,
    clientId: row.clientId,
    ownerAccountId: row.ownerAccountId,
    name: row.name,
    description: row.description,
    type: row.clientType as ClientType,
    secretHash: row.secretHash,
    authMethod: row.tokenEndpointAuthMethod as TokenAuthMethod,
    grants: JSON.parse(row.grants) as ClientGrant[],
    redirectUris: JSON.parse(row.redirectUris) as string[],
    createdAt: row.createdAt,
    lastUsedAt: row.lastUsedAt ?? null,
  };
}
