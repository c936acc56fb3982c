// Users, their API keys and their monthly lookup counters. Plain types only
// (no ENUM, no dialect defaults) so SQLite and MariaDB get the same schema.
import { DataTypes } from 'sequelize';
import type { Migration } from './migration.js';

const timestamps = {
  created_at: { type: DataTypes.DATE(3), allowNull: false },
  updated_at: { type: DataTypes.DATE(3), allowNull: false },
};

export const accountsMigration: Migration = {
  name: '001-accounts',
  async up({ queryInterface }) {
    await queryInterface.createTable('users', {
      id: { type: DataTypes.STRING(36), primaryKey: true, allowNull: false },
      email: { type: DataTypes.STRING(191), allowNull: false, unique: true },
      password_hash: { type: DataTypes.STRING(255), allowNull: true },
      plan: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'free' },
      trial_started_at: { type: DataTypes.DATE(3), allowNull: true },
      trial_expires_at: { type: DataTypes.DATE(3), allowNull: true },
      trial_usage: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
      payment_status: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'ok' },
      past_due_since: { type: DataTypes.DATE(3), allowNull: true },
      ...timestamps,
    });
    await queryInterface.createTable('api_keys', {
      id: { type: DataTypes.STRING(36), primaryKey: true, allowNull: false },
      user_id: {
        type: DataTypes.STRING(36),
        allowNull: false,
        references: { model: 'users', key: 'id' },
        onDelete: 'CASCADE',
      },
      name: { type: DataTypes.STRING(100), allowNull: false },
      prefix: { type: DataTypes.STRING(32), allowNull: false },
      key_hash: { type: DataTypes.CHAR(64), allowNull: false, unique: true },
      expires_at: { type: DataTypes.DATE(3), allowNull: true },
      revoked_at: { type: DataTypes.DATE(3), allowNull: true },
      last_used_at: { type: DataTypes.DATE(3), allowNull: true },
      ...timestamps,
    });
    await queryInterface.addIndex('api_keys', ['user_id']);
    await queryInterface.createTable('usage_months', {
      user_id: {
        type: DataTypes.STRING(36),
        allowNull: false,
        primaryKey: true,
        references: { model: 'users', key: 'id' },
        onDelete: 'CASCADE',
      },
      // The billing month in Europe/Berlin, 'YYYY-MM'.
      period: { type: DataTypes.CHAR(7), allowNull: false, primaryKey: true },
      lookups: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    });
  },
  async down({ queryInterface }) {
    await queryInterface.dropTable('usage_months');
    await queryInterface.dropTable('api_keys');
    await queryInterface.dropTable('users');
  },
};
