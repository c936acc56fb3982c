// API keys in the database, found by the SHA-256 of their value.
import { Op, type Sequelize } from 'sequelize';
import { defineApiKeyModel, type ApiKeyRow } from './apiKeyModel.js';

export interface ApiKeyRecord {
  id: string;
  accountId: string;
  name: string;
  prefix: string;
  expiresAt: Date | null;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
  createdAt: Date;
}

export type NewApiKey = Omit<ApiKeyRecord, 'revokedAt' | 'lastUsedAt'> & { keyHash: string };

export class ApiKeyRepository {
  private readonly keys;

  constructor(sequelize: Sequelize) {
    this.keys = defineApiKeyModel(sequelize);
  }

  async create(key: NewApiKey): Promise<ApiKeyRecord> {
    return toRecord(await this.keys.create({ ...key, updatedAt: key.createdAt }));
  }

  async findByHash(keyHash: string): Promise<ApiKeyRecord | null> {
    const row = await this.keys.findOne({ where: { keyHash } });
    return row ? toRecord(row) : null;
  }

  async findById(id: string): Promise<ApiKeyRecord | null> {
    const row = await this.keys.findByPk(id);
    return row ? toRecord(row) : null;
  }

  async listByAccount(accountId: string): Promise<ApiKeyRecord[]> {
    const rows = await this.keys.findAll({ where: { accountId }, order: [['createdAt', 'ASC']] });
    return rows.map(toRecord);
  }

  /** Keys of the account that are neither revoked nor expired at `now`. */
  countActive(accountId: string, now: Date): Promise<number> {
    return this.keys.count({
      where: {
        accountId,
        revokedAt: { [Op.is]: null },
        [Op.or]: [{ expiresAt: { [Op.is]: null } }, { expiresAt: { [Op.gt]: now } }],
      },
    });
  }

  /** Removes a key that was never shown (it broke the account's key limit). */
  async delete(id: string): Promise<void> {
    await this.keys.destroy({ where: { id } });
  }

  /** Revokes a key that is not yet revoked; false when there was none. */
  async revoke(id: string, now: Date): Promise<boolean> {
    const [affected] = await this.keys.update(
      { revokedAt: now },
      { where: { id, revokedAt: { [Op.is]: null } } },
    );
    return affected === 1;
  }

  /** Records use unless a use later than `staleFrom` is already recorded. */
  async touchLastUsed(id: string, now: Date, staleFrom: Date): Promise<void> {
    await this.keys.update(
      { lastUsedAt: now },
      {
        where: {
          id,
          [Op.or]: [{ lastUsedAt: { [Op.is]: null } }, { lastUsedAt: { [Op.lte]: staleFrom } }],
        },
        silent: true,
      },
    );
  }
}

function toRecord(row: ApiKeyRow): ApiKeyRecord {
  return {
    id: row.id,
    accountId: row.accountId,
    name: row.name,
    prefix: row.prefix,
    expiresAt: row.expiresAt,
    revokedAt: row.revokedAt,
    lastUsedAt: row.lastUsedAt,
    createdAt: row.createdAt,
  };
}
