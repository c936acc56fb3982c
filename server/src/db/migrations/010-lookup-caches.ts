// The lookup's two caches, shared by every instance: geocoding results per
// normalised address, and the full land-value data set per coordinate.
import { DataTypes } from 'sequelize';
import type { Migration } from './migration.js';

export const lookupCachesMigration: Migration = {
  name: '010-lookup-caches',
  async up({ queryInterface, sequelize }) {
    // MariaDB's plain TEXT ends at 64 KiB; SQLite has one TEXT type.
    const longText = sequelize.getDialect() === 'mysql' ? DataTypes.TEXT('medium') : DataTypes.TEXT;
    await queryInterface.createTable('geocode_cache', {
      // SHA-256 of the normalised address: a fixed-length key for any address.
      address_key: { type: DataTypes.CHAR(64), primaryKey: true, allowNull: false },
      lat: { type: DataTypes.DOUBLE, allowNull: false },
      lon: { type: DataTypes.DOUBLE, allowNull: false },
      display_name: { type: DataTypes.TEXT, allowNull: false },
      state: { type: DataTypes.STRING(8), allowNull: true },
      municipality: { type: DataTypes.STRING(191), allowNull: true },
      fetched_at: { type: DataTypes.DATE(3), allowNull: false },
    });
    await queryInterface.createTable('land_value_cache', {
      coordinate_key: { type: DataTypes.STRING(40), primaryKey: true, allowNull: false },
      // JSON array of mapped entries (§2.1), unfiltered.
      entries: { type: longText, allowNull: false },
      fetched_at: { type: DataTypes.DATE(3), allowNull: false },
      // Set while one instance renews a stale entry, so others do not.
      renewal_started_at: { type: DataTypes.DATE(3), allowNull: true },
    });
  },
  async down({ queryInterface }) {
    await queryInterface.dropTable('land_value_cache');
    await queryInterface.dropTable('geocode_cache');
  },
};
