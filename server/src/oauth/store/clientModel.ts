// The oauth_clients table. Grants and redirect URIs are JSON arrays in TEXT
// columns, which SQLite and MariaDB store alike.
import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';
import { OWNER_ACCOUNT_ID_COLUMN } from '../../db/accountColumn.js';

export class OAuthClientModel extends Model<
  InferAttributes<OAuthClientModel>,
  InferCreationAttributes<OAuthClientModel>
> {
  declare id: string;
  declare clientId: string;
  declare ownerAccountId: string | null;
  declare name: string;
  declare description: string | null;
  declare clientType: string;
  declare secretHash: string | null;
  declare tokenEndpointAuthMethod: string;
  declare grants: string;
  declare redirectUris: string;
  declare createdAt: Date;
  declare updatedAt: CreationOptional<Date>;
  declare lastUsedAt: CreationOptional<Date | null>;
}

export function defineOAuthClientModel(sequelize: Sequelize): typeof OAuthClientModel {
  const Bound = class extends OAuthClientModel {};
  Bound.init(
    {
      id: { type: DataTypes.STRING(36), primaryKey: true },
      clientId: { type: DataTypes.STRING(64), allowNull: false, unique: true },
      ownerAccountId: { ...OWNER_ACCOUNT_ID_COLUMN, allowNull: true },
      name: { type: DataTypes.STRING(100), allowNull: false },
      description: { type: DataTypes.STRING(500), allowNull: true },
      clientType: { type: DataTypes.STRING(16), allowNull: false },
      secretHash: { type: DataTypes.CHAR(64), allowNull: true },
      tokenEndpointAuthMethod: { type: DataTypes.STRING(32), allowNull: false },
      grants: { type: DataTypes.TEXT, allowNull: false },
      redirectUris: { type: DataTypes.TEXT, allowNull: false },
      createdAt: DataTypes.DATE(3),
      updatedAt: DataTypes.DATE(3),
      lastUsedAt: { type: DataTypes.DATE(3), allowNull: true, defaultValue: null },
    },
    { sequelize, modelName: 'OAuthClient', tableName: 'oauth_clients', underscored: true },
  );
  return Bound;
}
