// usage_months: counted lookups per account and billing month (Europe/Berlin), and
// the failing lookups that stayed free.
import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';
import { ACCOUNT_ID_COLUMN } from '../db/accountColumn.js';

export class UsageMonthModel extends Model<
  InferAttributes<UsageMonthModel>,
  InferCreationAttributes<UsageMonthModel>
> {
  declare accountId: string;
  declare period: string;
  declare lookups: CreationOptional<number>;
  declare failedLookups: CreationOptional<number>;
}

export function defineUsageMonthModel(sequelize: Sequelize): typeof UsageMonthModel {
  const Bound = class extends UsageMonthModel {};
  Bound.init(
    {
      accountId: { ...ACCOUNT_ID_COLUMN, primaryKey: true },
      period: { type: DataTypes.CHAR(7), primaryKey: true },
      lookups: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
      failedLookups: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    },
    {
      sequelize,
      modelName: 'UsageMonth',
      tableName: 'usage_months',
      underscored: true,
      timestamps: false,
    },
  );
  return Bound;
}
