// Authorization codes, found by hash; consumption is one conditional UPDATE,
// so of two concurrent exchanges of one code only one wins.
import { Op, type Sequelize } from 'sequelize';
import { defineAuthorizationCodeModel } from './grantModels.js';

export interface StoredAuthorizationCode {
  codeHash: string;
  clientRef: string;
  accountId: string;
  redirectUri: string | null;
  codeChallenge: string;
  codeChallengeMethod: string;
  expiresAt: Date;
  consumedAt: Date | null;
  createdAt: Date;
}

export class AuthorizationCodeRepository {
  private readonly codes;

  constructor(sequelize: Sequelize) {
    this.codes = defineAuthorizationCodeModel(sequelize);
  }

  async save(code: Omit<StoredAuthorizationCode, 'consumedAt'>): Promise<void> {
    await this.codes.create(code);
  }

  async findByHash(codeHash: string): Promise<StoredAuthorizationCode | null> {
    const row = await this.codes.findByPk(codeHash);
    return row
      ? {
          codeHash: row.codeHash,
          clientRef: row.clientRef,
          accountId: row.accountId,
          redirectUri: row.redirectUri,
          codeChallenge: row.codeChallenge,
          codeChallengeMethod: row.codeChallengeMethod,
          expiresAt: row.expiresAt,
          consumedAt: row.consumedAt ?? null,
          createdAt: row.createdAt,
        }
      : null;
  }

  /** Uses up every pending code the user granted the client (the grant was revoked). */
  async consumeGrant(accountId: string, clientRef: string, now: Date): Promise<void> {
    await this.codes.update(
      { consumedAt: now },
      { where: { accountId, clientRef, consumedAt: { [Op.is]: null } } },
    );
  }

  /** Deletes up to `limit` codes that expired before `cutoff`; returns how many. */
  async deleteExpired(cutoff: Date, limit: number): Promise<number> {
    const rows = await this.codes.findAll({
      attributes: ['codeHash'],
      where: { expiresAt: { [Op.lt]: cutoff } },
      limit,
    });
    if (rows.length === 0) return 0;
    return this.codes.destroy({ where: { codeHash: rows.map((row) => row.codeHash) } });
  }

  /** Marks the code used; false when it was used already. */
  async consume(codeHash: string, now: Date): Promise<boolean> {
    const [affected] = await this.codes.update(
      { consumedAt: now },
      { where: { codeHash, consumedAt: { [Op.is]: null } } },
    );
    return affected === 1;
  }
}
