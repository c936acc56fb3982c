// The oauth_authorization_codes and oauth_tokens tables: hashes only.
import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';
import { ACCOUNT_ID_COLUMN } from '../../db/accountColumn.js';

export class AuthorizationCodeModel extends Model<
  InferAttributes<AuthorizationCodeModel>,
  InferCreationAttributes<AuthorizationCodeModel>
> {
  declare codeHash: string;
  declare clientRef: string;
  declare accountId: string;
  declare redirectUri: string | null;
  declare codeChallenge: string;
  declare codeChallengeMethod: string;
  declare expiresAt: Date;
  declare consumedAt: CreationOptional<Date | null>;
  declare createdAt: Date;
}

export class OAuthTokenModel extends Model<
  InferAttributes<OAuthTokenModel>,
  InferCreationAttributes<OAuthTokenModel>
> {
  declare id: string;
  declare clientRef: string;
  declare accountId: string;
  declare kind: string;
  declare familyId: string;
  declare accessTokenHash: string;
  declare accessExpiresAt: Date;
  declare refreshTokenHash: string | null;
  declare refreshExpiresAt: Date | null;
  declare familyExpiresAt: Date | null;
  declare rotatedAt: CreationOptional<Date | null>;
  declare revokedAt: CreationOptional<Date | null>;
  declare createdAt: Date;
}

// A fresh object per attribute: Sequelize writes into attribute definitions.
const optionalDate = () => ({ type: DataTypes.DATE(3), allowNull: true, defaultValue: null });

export function defineAuthorizationCodeModel(sequelize: Sequelize) {
  const Bound = class extends AuthorizationCodeModel {};
  Bound.init(
    {
      codeHash: { type: DataTypes.CHAR(64), primaryKey: true },
      clientRef: { type: DataTypes.STRING(36), allowNull: false },
      accountId: { ...ACCOUNT_ID_COLUMN, allowNull: false },
      redirectUri: { type: DataTypes.TEXT, allowNull: true },
      codeChallenge: { type: DataTypes.STRING(128), allowNull: false },
      codeChallengeMethod: { type: DataTypes.STRING(8), allowNull: false },
      expiresAt: { type: DataTypes.DATE(3), allowNull: false },
      consumedAt: optionalDate(),
      createdAt: DataTypes.DATE(3),
    },
    {
      sequelize,
      modelName: 'OAuthAuthorizationCode',
      tableName: 'oauth_authorization_codes',
      underscored: true,
      updatedAt: false,
    },
  );
  return Bound;
}

export function defineOAuthTokenModel(sequelize: Sequelize) {
  const Bound = class extends OAuthTokenModel {};
  Bound.init(
    {
      id: { type: DataTypes.STRING(36), primaryKey: true },
      clientRef: { type: DataTypes.STRING(36), allowNull: false },
      accountId: { ...ACCOUNT_ID_COLUMN, allowNull: false },
      kind: { type: DataTypes.STRING(24), allowNull: false },
      familyId: { type: DataTypes.STRING(64), allowNull: false },
      accessTokenHash: { type: DataTypes.CHAR(64), allowNull: false, unique: true },
      accessExpiresAt: { type: DataTypes.DATE(3), allowNull: false },
      refreshTokenHash: { type: DataTypes.CHAR(64), allowNull: true, unique: true },
      refreshExpiresAt: { type: DataTypes.DATE(3), allowNull: true },
      familyExpiresAt: { type: DataTypes.DATE(3), allowNull: true },
      rotatedAt: optionalDate(),
      revokedAt: optionalDate(),
      createdAt: DataTypes.DATE(3),
    },
    {
      sequelize,
      modelName: 'OAuthToken',
      tableName: 'oauth_tokens',
      underscored: true,
      updatedAt: false,
    },
  );
  return Bound;
}
