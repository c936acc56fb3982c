// Access and refresh tokens, one row per issuance. Rotation and family
// revocation are conditional UPDATEs, safe under concurrent requests.
import { Op, type Sequelize } from 'sequelize';
import { defineOAuthTokenModel, type OAuthTokenModel } from './grantModels.js';

export type TokenKind = 'oauth_user' | 'client_credentials';

export interface StoredToken {
  id: string;
  clientRef: string;
  userId: string;
  kind: TokenKind;
  familyId: string;
  accessTokenHash: string;
  accessExpiresAt: Date;
  refreshTokenHash: string | null;
  refreshExpiresAt: Date | null;
  rotatedAt: Date | null;
  revokedAt: Date | null;
  createdAt: Date;
}

export class OAuthTokenRepository {
  private readonly tokens;

  constructor(sequelize: Sequelize) {
    this.tokens = defineOAuthTokenModel(sequelize);
  }

  async save(token: Omit<StoredToken, 'rotatedAt' | 'revokedAt'>): Promise<void> {
    await this.tokens.create(token);
  }

  async findByAccessHash(accessTokenHash: string): Promise<StoredToken | null> {
    const row = await this.tokens.findOne({ where: { accessTokenHash } });
    return row ? toToken(row) : null;
  }

  async findByRefreshHash(refreshTokenHash: string): Promise<StoredToken | null> {
    const row = await this.tokens.findOne({ where: { refreshTokenHash } });
    return row ? toToken(row) : null;
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
    userId: row.userId,
    kind: row.kind as TokenKind,
    familyId: row.familyId,
    accessTokenHash: row.accessTokenHash,
    accessExpiresAt: row.accessExpiresAt,
    refreshTokenHash: row.refreshTokenHash,
    refreshExpiresAt: row.refreshExpiresAt,
    rotatedAt: row.rotatedAt ?? null,
    revokedAt: row.revokedAt ?? null,
    createdAt: row.createdAt,
  };
}
