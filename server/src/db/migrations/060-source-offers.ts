// source_offers: the newest stichtag each state's service offers, as the
// background watch last read it (sources/currency/). In the database, not in
// memory, so every instance answers with the same reading and the states are
// asked at most once a day whatever the number of instances: attempted_at is
// the claim an instance takes before it asks.
import { DataTypes } from 'sequelize';
import type { Migration } from './migration.js';

export const sourceOffersMigration: Migration = {
  name: '060-source-offers',
  async up({ queryInterface }) {
    await queryInterface.createTable('source_offers', {
      state: { type: DataTypes.STRING(8), primaryKey: true },
      /** YYYY-MM-DD; null until a read found one. */
      stichtag: { type: DataTypes.STRING(10), allowNull: true },
      /** When stichtag was read. */
      read_at: { type: DataTypes.DATE(3), allowNull: true },
      /** When an instance last set out to read it (successful or not). */
      attempted_at: { type: DataTypes.DATE(3), allowNull: false },
    });
  },
  async down({ queryInterface }) {
    await queryInterface.dropTable('source_offers');
  },
};
