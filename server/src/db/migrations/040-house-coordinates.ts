// The states' official house coordinates (npm run addresses:import): one row
// per imported file (house_point_imports), its address points (house_points)
// and the distinct streets per place (house_streets, for the similar-street
// match). A state's points are the rows of its one `active` import; a new
// import loads under its own id and becomes active in one UPDATE, so a
// lookup sees the old points or the new ones, never none and never a mix.
import { DataTypes } from 'sequelize';
import type { Migration } from './migration.js';

/** Normalised keys are ASCII and short; 96 keeps the composite index well under InnoDB's 3072 bytes. */
const KEY = DataTypes.STRING(96);
const NAME = DataTypes.STRING(160);

export const houseCoordinatesMigration: Migration = {
  name: '040-house-coordinates',
  async up({ queryInterface }) {
    await queryInterface.createTable('house_point_imports', {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      state: { type: DataTypes.STRING(5), allowNull: false },
      // loading → active → replaced; refused when the file was not taken.
      status: { type: DataTypes.STRING(10), allowNull: false },
      file_name: { type: DataTypes.STRING(255), allowNull: false },
      sha256: { type: DataTypes.CHAR(64), allowNull: false },
      format: { type: DataTypes.STRING(16), allowNull: false },
      rows_read: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
      rows_kept: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
      // JSON: rows left out per reason.
      left_out: { type: DataTypes.TEXT, allowNull: true },
      // The newest `datum` of the rows, else the file's modification day (YYYY-MM-DD).
      data_date: { type: DataTypes.STRING(10), allowNull: true },
      // The id range of the points of this import, so they can be deleted in chunks.
      first_point_id: { type: DataTypes.BIGINT, allowNull: true },
      last_point_id: { type: DataTypes.BIGINT, allowNull: true },
      started_at: { type: DataTypes.DATE(3), allowNull: false },
      imported_at: { type: DataTypes.DATE(3), allowNull: true },
    });
    await queryInterface.addIndex('house_point_imports', ['state', 'status']);
    await queryInterface.createTable('house_points', {
      id: { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true },
      import_id: { type: DataTypes.INTEGER, allowNull: false },
      street_key: { type: KEY, allowNull: false },
      number: { type: DataTypes.INTEGER, allowNull: false },
      suffix: { type: DataTypes.STRING(16), allowNull: false },
      place_key: { type: KEY, allowNull: false },
      locality_key: { type: KEY, allowNull: true },
      postcode: { type: DataTypes.CHAR(5), allowNull: true },
      street: { type: NAME, allowNull: false },
      house_number: { type: DataTypes.STRING(24), allowNull: false },
      municipality: { type: NAME, allowNull: false },
      quality: { type: DataTypes.CHAR(1), allowNull: false },
      lat: { type: DataTypes.DOUBLE, allowNull: false },
      lon: { type: DataTypes.DOUBLE, allowNull: false },
    });
    // The exact match: street, number, then the place typed.
    await queryInterface.addIndex('house_points', ['street_key', 'number', 'place_key'], {
      name: 'house_points_match',
    });
    await queryInterface.createTable('house_streets', {
      import_id: { type: DataTypes.INTEGER, allowNull: false, primaryKey: true },
      place_key: { type: KEY, allowNull: false, primaryKey: true },
      street_key: { type: KEY, allowNull: false, primaryKey: true },
      street: { type: NAME, allowNull: false },
    });
  },
  async down({ queryInterface }) {
    await queryInterface.dropTable('house_streets');
    await queryInterface.dropTable('house_points');
    await queryInterface.dropTable('house_point_imports');
  },
};
