// Dashboard sessions (shared by every instance) and plan booking requests
// that the operator confirms with the admin command line.
import { DataTypes } from 'sequelize';
import type { Migration } from './migration.js';

export const dashboardMigration: Migration = {
  name: '021-dashboard',
  async up({ queryInterface }) {
    await queryInterface.createTable('web_sessions', {
      sid: { type: DataTypes.STRING(64), primaryKey: true, allowNull: false },
      // JSON of the express-session data; never holds a key, token or secret.
      data: { type: DataTypes.TEXT, allowNull: false },
      expires_at: { type: DataTypes.DATE(3), allowNull: false },
    });
    await queryInterface.addIndex('web_sessions', ['expires_at']);
    await queryInterface.createTable('plan_requests', {
      id: { type: DataTypes.STRING(36), primaryKey: true, allowNull: false },
      user_id: {
        type: DataTypes.STRING(36),
        allowNull: false,
        references: { model: 'users', key: 'id' },
        onDelete: 'CASCADE',
      },
      plan: { type: DataTypes.STRING(16), allowNull: false },
      created_at: { type: DataTypes.DATE(3), allowNull: false },
    });
    await queryInterface.addIndex('plan_requests', ['user_id']);
  },
  async down({ queryInterface }) {
    await queryInterface.dropTable('plan_requests');
    await queryInterface.dropTable('web_sessions');
  },
};
