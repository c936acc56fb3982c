// The api_keys table: only the SHA-256 of a key is stored, with a short
// display prefix so owners can tell their keys apart.
import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';
import { ACCOUNT_ID_COLUMN } from '../db/accountColumn.js';

export class ApiKeyModel extends Model<
  InferAttributes<ApiKeyModel>,
  InferCreationAttributes<ApiKeyModel>
> {
  declare id: string;
  declare accountId: string;
  declare name: string;
  declare prefix: string;
  declare keyHash: string;
  declare expiresAt: Date | null;
  declare revokedAt: CreationOptional<Date | null>;
  declare lastUsedAt: CreationOptional<Date | null>;
  declare createdAt: Date;
  declare updatedAt: CreationOptional<Date>;
}

export function defineApiKeyModel(sequelize: Sequelize): typeof ApiKeyModel {
  const Bound = class extends ApiKeyModel {};
  Bound.init(
    {
      id: { type: DataTypes.STRING(36), primaryKey: true },
      accountId: { ...ACCOUNT_ID_COLUMN, allowNull: false },
      name: { type: DataTypes.STRING(100), allowNull: false },
      prefix: { type: DataTypes.STRING(32), allowNull: false },
      keyHash: { type: DataTypes.CHAR(64), allowNull: false, unique: true },
      expiresAt: { type: DataTypes.DATE(3), allowNull: true },
      revokedAt: { type: DataTypes.DATE(3), allowNull: true, defaultValue: null },
      lastUsedAt: { type: DataTypes.DATE(3), allowNull: true, defaultValue: null },
      createdAt: DataTypes.DATE(3),
      updatedAt: DataTypes.DATE(3),
    },
    { sequelize, modelName: 'ApiKey', tableName: 'api_keys', underscored: true },
  );
  return Bound;
}

export type ApiKeyRow = ApiKeyModel;
