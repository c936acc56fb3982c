// The states' complete zone sets (npm run zones:import): one row per imported
// year of a state's dataset (zone_sets) and its zones (zone_set_zones: the
// mapped source record as JSON, the surface in a compact binary form, its
// box). A point is answered from a spatial index over the boxes, then an
// exact point-in-polygon: SQLite's R*Tree virtual table (zone_set_boxes, one
// row per zone, same id), MariaDB's SPATIAL INDEX on the box. A new year loads
// under its own id as `importing` and becomes `active` in one UPDATE, so a
// lookup sees the old set or the new one, never none and never a mix.
import { DataTypes } from 'sequelize';
import type { Migration } from './migration.js';

export const zoneSetsMigration: Migration = {
  name: '070-zone-sets',
  async up({ queryInterface, sequelize }) {
    await queryInterface.createTable('zone_sets', {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      state: { type: DataTypes.STRING(5), allowNull: false },
      dataset: { type: DataTypes.STRING(16), allowNull: false },
      year: { type: DataTypes.INTEGER, allowNull: false },
      // importing → active → replaced.
      status: { type: DataTypes.STRING(10), allowNull: false },
      name: { type: DataTypes.STRING(160), allowNull: false },
      credit: { type: DataTypes.STRING(255), allowNull: false },
      license: { type: DataTypes.STRING(16), allowNull: false },
      // The metric system of the zones' surfaces and boxes.
      crs: { type: DataTypes.STRING(10), allowNull: false },
      // How the stored records write numbers ('de': a decimal comma), for the mapper.
      number_format: { type: DataTypes.STRING(4), allowNull: false },
      // The download's facts (absent for a file given by hand: url null).
      source_url: { type: DataTypes.STRING(1000), allowNull: true },
      etag: { type: DataTypes.STRING(255), allowNull: true },
      last_modified: { type: DataTypes.STRING(64), allowNull: true },
      sha256: { type: DataTypes.CHAR(64), allowNull: true },
      size: { type: DataTypes.BIGINT, allowNull: true },
      // JSON: per stichtag the zones imported and left out (by reason).
      counts: { type: DataTypes.TEXT, allowNull: true },
      // The newest stichtag of the set (YYYY-MM-DD), what `aktualitaet` compares.
      newest_stichtag: { type: DataTypes.STRING(10), allowNull: true },
      started_at: { type: DataTypes.DATE(3), allowNull: false },
      imported_at: { type: DataTypes.DATE(3), allowNull: true },
    });
    await queryInterface.addIndex('zone_sets', ['state', 'status']);
    await queryInterface.createTable('zone_set_zones', {
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
    await queryInterface.addIndex('zone_set_zones', ['set_id']);
    if (sequelize.getDialect() === 'sqlite') {
      await sequelize.query(
        'CREATE VIRTUAL TABLE zone_set_boxes USING rtree(id, min_x, max_x, min_y, max_y)',
      );
    } else {
      await sequelize.query(
        'ALTER TABLE zone_set_zones ADD COLUMN box POLYGON NOT NULL, ADD SPATIAL INDEX zone_set_zones_box (box)',
      );
    }
  },
  async down({ queryInterface, sequelize }) {
    if (sequelize.getDialect() === 'sqlite') await sequelize.query('DROP TABLE zone_set_boxes');
    await queryInterface.dropTable('zone_set_zones');
    await queryInterface.dropTable('zone_sets');
  },
};
