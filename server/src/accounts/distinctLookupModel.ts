// distinct_lookups: one row per account, billing month and lookup key; `failed`
// marks a lookup that ended in 404 no_data or address_not_found.
import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';
import { ACCOUNT_ID_COLUMN } from '../db/accountColumn.js';

export class DistinctLookupModel extends Model<
  InferAttributes<DistinctLookupModel>,
  InferCreationAttributes<DistinctLookupModel>
> {
  declare accountId: string;
  declare period: string;
  declare lookupKey: string;
  declare failed: CreationOptional<boolean>;
}

export function defineDistinctLookupModel(sequelize: Sequelize): typeof DistinctLookupModel {
  const Bound = class extends DistinctLookupModel {};
  Bound.init(
    {
      accountId: { ...ACCOUNT_ID_COLUMN, primaryKey: true },
      period: { type: DataTypes.CHAR(7), primaryKey: true },
      lookupKey: { type: DataTypes.CHAR(64), primaryKey: true },
      failed: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    },
    {
      sequelize,
      modelName: 'DistinctLookup',
      tableName: 'distinct_lookups',
      underscored: true,
      timestamps: false,
    },
  );
  return Bound;
}
