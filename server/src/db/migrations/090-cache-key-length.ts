// The land-value cache's key held 40 characters: enough for a coordinate
// ("51.123456,10.123456", 19) and its stichtag, not for a parcel's key
// ("flurstueck:" and a 20-character Kennzeichen, "@YYYY-MM-DD", the zone
// set's "#z<id>"), which MariaDB refused ("Data too long"). 120 holds every
// key with room. SQLite does not enforce a VARCHAR's length: nothing to change.
import { DataTypes } from 'sequelize';
import type { Migration } from './migration.js';

export const CACHE_KEY_LENGTH = 120;

export const cacheKeyLengthMigration: Migration = {
  name: '090-cache-key-length',
  async up({ queryInterface, sequelize }) {
    if (sequelize.getDialect() !== 'mysql') return;
    await queryInterface.changeColumn('land_value_cache', 'coordinate_key', {
      type: DataTypes.STRING(CACHE_KEY_LENGTH),
      allowNull: false,
    });
  },
  async down({ queryInterface, sequelize }) {
    if (sequelize.getDialect() !== 'mysql') return;
    await queryInterface.changeColumn('land_value_cache', 'coordinate_key', {
      type: DataTypes.STRING(40),
      allowNull: false,
    });
  },
};
