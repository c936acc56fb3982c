// A state's download directory may list its files with a timestamp each
// (NRW's index.json): the timestamp of the file a zone set was imported from
// is kept with the set, so `npm run zones:update` asks the small index, not the
// file, whether it changed. Kept as published text and compared as text: the
// index writes no time zone, so no clock is compared with another.
import { DataTypes } from 'sequelize';
import type { Migration } from './migration.js';

export const zoneSetIndexStampMigration: Migration = {
  name: '080-zone-set-index-stamp',
  async up({ queryInterface }) {
    await queryInterface.addColumn('zone_sets', 'index_stamp', {
      type: DataTypes.STRING(64),
      allowNull: true,
    });
  },
  async down({ queryInterface }) {
    await queryInterface.removeColumn('zone_sets', 'index_stamp');
  },
};
