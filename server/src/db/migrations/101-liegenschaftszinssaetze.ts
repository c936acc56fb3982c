// The committees' Liegenschaftszinssätze (npm run zones:import -- --dataset
// lzs): one row per committee and property type of an imported year. The year
// itself is a row of zone_sets (dataset lzs, no zones), so it is imported,
// activated and replaced the way a zone set is: a lookup reads the rows of the
// active set only, and a new year becomes active in one UPDATE.
import { DataTypes } from 'sequelize';
import type { Migration } from './migration.js';

export const liegenschaftszinssaetzeMigration: Migration = {
  name: '101-liegenschaftszinssaetze',
  async up({ queryInterface }) {
    const figure = { type: DataTypes.DOUBLE, allowNull: true };
    await queryInterface.createTable('liegenschaftszinssaetze', {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      set_id: { type: DataTypes.INTEGER, allowNull: false },
      // The committee's area key as the file writes it (an AGS) and its name.
      committee_key: { type: DataTypes.STRING(16), allowNull: false },
      committee: { type: DataTypes.STRING(255), allowNull: false },
      objektart: { type: DataTypes.STRING(16), allowNull: false },
      rate: { type: DataTypes.DOUBLE, allowNull: false },
      std_dev: figure,
      sales: { type: DataTypes.INTEGER, allowNull: true },
      total_life: figure,
      remaining_life: figure,
      management_cost: figure,
      rent: figure,
      price_per_m2: figure,
      object_size: figure,
    });
    await queryInterface.addIndex('liegenschaftszinssaetze', ['set_id', 'objektart']);
  },
  async down({ queryInterface }) {
    await queryInterface.dropTable('liegenschaftszinssaetze');
  },
};
