// OAuth clients in the database.
import type { Sequelize } from 'sequelize';
import type { ClientGrant, ClientType, OAuthClient } from '../clients/clientTypes.js';
import { defineOAuthClientModel, type OAuthClientModel } from './clientModel.js';

export class OAuthClientRepository {
  private readonly clients;

  constructor(sequelize: Sequelize) {
    this.clients = defineOAuthClientModel(sequelize);
  }

  async create(client: OAuthClient): Promise<OAuthClient> {
    const row = await this.clients.create({
      ...client,
      clientType: client.type,
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

  async listByOwner(ownerUserId: string): Promise<OAuthClient[]> {
    const rows = await this.clients.findAll({
      where: { ownerUserId },
      order: [['createdAt', 'ASC']],
    });
    return rows.map(toClient);
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
    ownerUserId: row.ownerUserId,
    name: row.name,
    description: row.description,
    type: row.clientType as ClientType,
    secretHash: row.secretHash,
    grants: JSON.parse(row.grants) as ClientGrant[],
    redirectUris: JSON.parse(row.redirectUris) as string[],
    createdAt: row.createdAt,
  };
}
