// distinct_lookups: one row per account, billing month and lookup key.
import {
  DataTypes,
  Model,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';

export class DistinctLookupModel extends Model<
  InferAttributes<DistinctLookupModel>,
  InferCreationAttributes<DistinctLookupModel>
> {
  declare userId: string;
  declare period: string;
  declare lookupKey: string;
}

export function defineDistinctLookupModel(sequelize: Sequelize): typeof DistinctLookupModel {
  const Bound = class extends DistinctLookupModel {};
  Bound.init(
    {
      userId: { type: DataTypes.STRING(36), primaryKey: true },
      period: { type: DataTypes.CHAR(7), primaryKey: true },
      lookupKey: { type: DataTypes.CHAR(64), primaryKey: true },
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
