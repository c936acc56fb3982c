// The zones of NRW's Immobilienrichtwerte (npm run zones:import -- --dataset
// irw): one table of zones beside zone_set_zones, with the same columns and
// its own spatial index, so a land-value lookup never meets an
// Immobilienrichtwert zone and a point of either is one indexed read. The
// sets are rows of zone_sets with dataset 'irw': the atomic switch of an
// import is the land values' own.
import { DataTypes } from 'sequelize';
import type { Migration } from './migration.js';

export const irwZonesMigration: Migration = {
  name: '100-irw-zones',
  async up({ queryInterface, sequelize }) {
    await queryInterface.createTable('irw_zones', {
      id: { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true },
      set_id: { type: DataTypes.INTEGER, allowNull: false },
      stichtag: { type: DataTypes.STRING(10), allowNull: false },
      record: { type: DataTypes.TEXT, allowNull: false },
      geometry: { type: DataTypes.BLOB('long'), allowNull: false },
      min_x: { type: DataTypes.DOUBLE, allowNull: false },
      min_y: { type: DataTypes.DOUBLE, allowNull: false },
      max_x: { type: DataTypes.DOUBLE, allowNull: false },
      max_y: { type: DataTypes.DOUBLE, allowNull: false },
    });
    await queryInterface.addIndex('irw_zones', ['set_id']);
    if (sequelize.getDialect() === 'sqlite') {
      await sequelize.query(
        'CREATE VIRTUAL TABLE irw_zone_boxes USING rtree(id, min_x, max_x, min_y, max_y)',
      );
    } else {
      await sequelize.query(
        'ALTER TABLE irw_zones ADD COLUMN box POLYGON NOT NULL, ADD SPATIAL INDEX irw_zones_box (box)',
      );
    }
  },
  async down({ queryInterface, sequelize }) {
    if (sequelize.getDialect() === 'sqlite') await sequelize.query('DROP TABLE irw_zone_boxes');
    await queryInterface.dropTable('irw_zones');
  },
};
