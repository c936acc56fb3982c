// Sequelize model of the geocode cache (table from migrations 010-lookup-caches
// and 051-failing-lookups).
import {
  DataTypes,
  Model,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';

export class GeocodeCacheModel extends Model<
  InferAttributes<GeocodeCacheModel>,
  InferCreationAttributes<GeocodeCacheModel>
> {
  declare addressKey: string;
  /** lat, lon and displayName are null where the geocoder found nothing. */
  declare lat: number | null;
  declare lon: number | null;
  declare displayName: string | null;
  declare state: string | null;
  declare municipality: string | null;
  declare fetchedAt: Date;
}

const options = { underscored: true, timestamps: false } as const;

export function defineGeocodeCacheModel(sequelize: Sequelize): typeof GeocodeCacheModel {
  const Bound = class extends GeocodeCacheModel {};
  Bound.init(
    {
      addressKey: { type: DataTypes.CHAR(64), primaryKey: true },
      lat: { type: DataTypes.DOUBLE, allowNull: true },
      lon: { type: DataTypes.DOUBLE, allowNull: true },
      displayName: { type: DataTypes.TEXT, allowNull: true },
      state: { type: DataTypes.STRING(8), allowNull: true },
      municipality: { type: DataTypes.STRING(191), allowNull: true },
      fetchedAt: { type: DataTypes.DATE(3), allowNull: false },
    },
    { ...options, sequelize, modelName: 'GeocodeCache', tableName: 'geocode_cache' },
  );
  return Bound;
}
