// distinct_lookups: which lookups (normalised address and filter, hashed) an
// account received with 200 in a billing month, so repeating one is free.
import { DataTypes } from 'sequelize';
import type { Migration } from './migration.js';

export const distinctLookupsMigration: Migration = {
  name: '030-distinct-lookups',
  async up({ queryInterface }) {
    await queryInterface.createTable('distinct_lookups', {
      user_id: {
        type: DataTypes.STRING(36),
        allowNull: false,
        primaryKey: true,
        references: { model: 'users', key: 'id' },
        onDelete: 'CASCADE',
      },
      // The billing month in Europe/Berlin, 'YYYY-MM'.
      period: { type: DataTypes.CHAR(7), allowNull: false, primaryKey: true },
      // SHA-256 (hex) of the lookup's key: a fixed length for any address.
      lookup_key: { type: DataTypes.CHAR(64), allowNull: false, primaryKey: true },
    });
  },
  async down({ queryInterface }) {
    await queryInterface.dropTable('distinct_lookups');
  },
};
