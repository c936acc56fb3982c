// Failing lookups (404 no_data, 404 address_not_found) cost the geocoder and
// the state services like answered ones, so they are remembered and bounded:
// - geocode_cache keeps an address the geocoder did not find, as a row
//   without a place (lat, lon and display_name null), for the cache's time;
// - distinct_lookups marks a failing lookup (failed), so repeating it this
//   month is free like repeating an answer, while the count of distinct
//   answered lookups stays what it was;
// - usage_months counts the failing lookups that stayed free this month
//   (failed_lookups), the bound past which they count.
import { DataTypes } from 'sequelize';
import type { Migration } from './migration.js';

/** The columns of the place, which a row without one leaves null. */
const PLACE_COLUMNS = {
  lat: DataTypes.DOUBLE,
  lon: DataTypes.DOUBLE,
  display_name: DataTypes.TEXT,
};

export const failingLookupsMigration: Migration = {
  name: '051-failing-lookups',
  async up({ queryInterface }) {
    for (const [column, type] of Object.entries(PLACE_COLUMNS)) {
      await queryInterface.changeColumn('geocode_cache', column, { type, allowNull: true });
    }
    await queryInterface.addColumn('distinct_lookups', 'failed', {
      type: DataTypes.BOOLEAN,
      allowNull: false,
      defaultValue: false,
    });
    await queryInterface.addColumn('usage_months', 'failed_lookups', {
      type: DataTypes.INTEGER,
      allowNull: false,
      defaultValue: 0,
    });
  },
  async down({ queryInterface, sequelize }) {
    await queryInterface.removeColumn('usage_months', 'failed_lookups');
    await queryInterface.removeColumn('distinct_lookups', 'failed');
    await sequelize.query('DELETE FROM geocode_cache WHERE lat IS NULL');
    for (const [column, type] of Object.entries(PLACE_COLUMNS)) {
      await queryInterface.changeColumn('geocode_cache', column, { type, allowNull: false });
    }
  },
};
