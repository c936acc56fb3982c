// Access and refresh tokens, one row per issuance. Rotation and family
// revocation are conditional UPDATEs, safe under concurrent requests; the
// token a rotation adds is checked against a revocation after its insert.
import { col, fn, Op, type Sequelize } from 'sequelize';
import { defineOAuthTokenModel, type OAuthTokenModel } from './grantModels.js';

export type TokenKind = 'oauth_user' | 'client_credentials';

export interface StoredToken {
  id: string;
  clientRef: string;
  accountId: string;
  kind: TokenKind;
  familyId: string;
  accessTokenHash: string;
  accessExpiresAt: Date;
  refreshTokenHash: string | null;
  refreshExpiresAt: Date | null;
  /** No refresh token of the family works after this (null: tokens from before the limit). */
  familyExpiresAt: Date | null;
  rotatedAt: Date | null;
  revokedAt: Date | null;
  createdAt: Date;
}

/** One client's access granted by one user, as the connected-apps page lists it. */
export interface LiveGrant {
  clientRef: string;
  firstIssuedAt: Date;
  lastIssuedAt: Date;
}

// MIN/MAX come back as Date (MariaDB) or as text (SQLite).
interface RawGrant {
  clientRef: string;
  firstIssuedAt: Date | string;
  lastIssuedAt: Date | string;
}

export class OAuthTokenRepository {
  private readonly tokens;

  constructor(sequelize: Sequelize) {
    this.tokens = defineOAuthTokenModel(sequelize);
  }

  async save(token: Omit<StoredToken, 'rotatedAt' | 'revokedAt'>): Promise<void> {
    await this.tokens.create(token);
  }

  /**
   * Adds the next token of a family unless the family was revoked; false then
   * (the new row is left revoked). Checked after the insert, not before: a
   * revocation either comes first and the check sees its mark on the family,
   * or it comes later and its UPDATE finds the new row too. (On MariaDB the
   * revocation's UPDATE locks the range it scans, so the insert cannot slip
   * in between.) Every revocation marks the whole family or the whole grant.
   */
  async saveRotated(
    token: Omit<StoredToken, 'rotatedAt' | 'revokedAt'>,
    now: Date,
  ): Promise<boolean> {
    await this.tokens.create(token);
    const revoked = await this.tokens.count({
      where: { familyId: token.familyId, revokedAt: { [Op.not]: null } },
    });
    if (revoked === 0) return true;
    await this.tokens.update({ revokedAt: now }, { where: { id: token.id } });
    return false;
  }

  async findByAccessHash(accessTokenHash: string): Promise<StoredToken | null> {
    const row = await this.tokens.findOne({ where: { accessTokenHash } });
    return row ? toToken(row) : null;
  }

  async findByRefreshHash(refreshTokenHash: string): Promise<StoredToken | null> {
    const row = await this.tokens.findOne({ where: { refreshTokenHash } });
    return row ? toToken(row) : null;
  }

  /** The token whose access or refresh token has this hash. */
  async findByEitherHash(hash: string): Promise<StoredToken | null> {
    const row = await this.tokens.findOne({
      where: { [Op.or]: [{ accessTokenHash: hash }, { refreshTokenHash: hash }] },
    });
    return row ? toToken(row) : null;
  }

  /**
   * The user's live grants, one per client: every unrevoked token of the code
   * flow whose access token or unused refresh token still works.
   */
  async liveGrants(accountId: string, now: Date): Promise<LiveGrant[]> {
    const rows = await this.tokens.findAll({
      attributes: [
        'clientRef',
        [fn('MIN', col('created_at')), 'firstIssuedAt'],
        [fn('MAX', col('created_at')), 'lastIssuedAt'],
      ],
      where: {
        accountId,
        kind: 'oauth_user',
        revokedAt: { [Op.is]: null },
        [Op.or]: [
          { accessExpiresAt: { [Op.gt]: now } },
          { refreshExpiresAt: { [Op.gt]: now }, rotatedAt: { [Op.is]: null } },
        ],
      },
      group: ['clientRef'],
      raw: true,
    });
    return (rows as unknown as RawGrant[]).map((row) => ({
      clientRef: row.clientRef,
      firstIssuedAt: new Date(row.firstIssuedAt),
      lastIssuedAt: new Date(row.lastIssuedAt),
    }));
  }

  /** Revokes every token the user granted the client; returns how many were live. */
  async revokeGrant(accountId: string, clientRef: string, now: Date): Promise<number> {
    const [affected] = await this.tokens.update(
      { revokedAt: now },
      { where: { accountId, clientRef, kind: 'oauth_user', revokedAt: { [Op.is]: null } } },
    );
    return affected;
  }

  /**
   * Deletes up to `limit` tokens whose access and refresh token both expired
   * before `cutoff`; returns how many.
   */
  async deleteExpired(cutoff: Date, limit: number): Promise<number> {
    const rows = await this.tokens.findAll({
      attributes: ['id'],
      where: {
        accessExpiresAt: { [Op.lt]: cutoff },
        [Op.or]: [
          { refreshExpiresAt: { [Op.is]: null } },
          { refreshExpiresAt: { [Op.lt]: cutoff } },
        ],
      },
      limit,
    });
    if (rows.length === 0) return 0;
    return this.tokens.destroy({ where: { id: rows.map((row) => row.id) } });
  }

  /** Marks a refresh token used; false when it was used or revoked already. */
  async markRotated(id: string, now: Date): Promise<boolean> {
    const [affected] = await this.tokens.update(
      { rotatedAt: now },
      { where: { id, rotatedAt: { [Op.is]: null }, revokedAt: { [Op.is]: null } } },
    );
    return affected === 1;
  }

  /** Revokes every token of the family (refresh reuse, RFC 9700 §4.14.2). */
  async revokeFamily(familyId: string, now: Date): Promise<void> {
    await this.tokens.update(
      { revokedAt: now },
      { where: { familyId, revokedAt: { [Op.is]: null } } },
    );
  }
}

function toToken(row: OAuthTokenModel): StoredToken {
  return {
    id: row.id,
    clientRef: row.clientRef,
    accountId: row.accountId,
    kind: row.kind as TokenKind,
    familyId: row.familyId,
    accessTokenHash: row.accessTokenHash,
    accessExpiresAt: row.accessExpiresAt,
    refreshTokenHash: row.refreshTokenHash,
    refreshExpiresAt: row.refreshExpiresAt,
    familyExpiresAt: row.familyExpiresAt ?? null,
    rotatedAt: row.rotatedAt ?? null,
    revokedAt: row.revokedAt ?? null,
    createdAt: row.createdAt,
  };
}
