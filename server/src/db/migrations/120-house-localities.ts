// The distinct Ortsteile per place of each import of official house
// coordinates, with their names as the file writes them. The points carry only
// an Ortsteil's key (letters without spaces and hyphens), which cannot tell
// "Sachsenhausen" typed for "Sachsenhausen-Nord" (its first word) from "Nied"
// typed for "Niederrad" (another Ortsteil's beginning): the name can.
import { DataTypes } from 'sequelize';
import type { Migration } from './migration.js';

/** As house_points' keys and names (040-house-coordinates). */
const KEY = DataTypes.STRING(96);
const NAME = DataTypes.STRING(160);

export const houseLocalitiesMigration: Migration = {
  name: '120-house-localities',
  async up({ queryInterface }) {
    await queryInterface.createTable('house_localities', {
      import_id: { type: DataTypes.INTEGER, allowNull: false, primaryKey: true },
      place_key: { type: KEY, allowNull: false, primaryKey: true },
      locality_key: { type: KEY, allowNull: false, primaryKey: true },
      locality: { type: NAME, allowNull: false },
    });
  },
  async down({ queryInterface }) {
    await queryInterface.dropTable('house_localities');
  },
};
