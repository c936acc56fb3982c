// Sequelize model of the land-value cache (table from migration 010-lookup-caches).
import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';

export class BrwCacheModel extends Model<
  InferAttributes<BrwCacheModel>,
  InferCreationAttributes<BrwCacheModel>
> {
  declare coordinateKey: string;
  declare entries: string;
  declare fetchedAt: Date;
  declare renewalStartedAt: CreationOptional<Date | null>;
}

const options = { underscored: true, timestamps: false } as const;

export function defineBrwCacheModel(sequelize: Sequelize): typeof BrwCacheModel {
  const Bound = class extends BrwCacheModel {};
  Bound.init(
    {
      coordinateKey: { type: DataTypes.STRING(40), primaryKey: true },
      entries: { type: DataTypes.TEXT, allowNull: false },
      fetchedAt: { type: DataTypes.DATE(3), allowNull: false },
      renewalStartedAt: { type: DataTypes.DATE(3), allowNull: true },
    },
    { ...options, sequelize, modelName: 'LandValueCache', tableName: 'land_value_cache' },
  );
  return Bound;
}
