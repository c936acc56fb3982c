// Confirmed e-mail addresses and one-time e-mail links. A self-service
// account starts unconfirmed and without a trial; accounts that existed
// before count as confirmed. The links (address confirmation, password
// reset) are stored as SHA-256 of the token, never the token itself.
import { DataTypes } from 'sequelize';
import type { Migration } from './migration.js';

export const accountEmailMigration: Migration = {
  name: '026-account-email',
  async up({ queryInterface, sequelize }) {
    await queryInterface.addColumn('users', 'email_verified_at', {
      type: DataTypes.DATE(3),
      allowNull: true,
    });
    await sequelize.query('UPDATE users SET email_verified_at = created_at');
    await queryInterface.createTable('email_tokens', {
      token_hash: { type: DataTypes.CHAR(64), primaryKey: true, allowNull: false },
      user_id: {
        type: DataTypes.STRING(36),
        allowNull: false,
        references: { model: 'users', key: 'id' },
        onDelete: 'CASCADE',
      },
      purpose: { type: DataTypes.STRING(16), allowNull: false },
      expires_at: { type: DataTypes.DATE(3), allowNull: false },
    });
    await queryInterface.addIndex('email_tokens', ['user_id', 'purpose']);
    await queryInterface.addIndex('email_tokens', ['expires_at']);
  },
  async down({ queryInterface }) {
    await queryInterface.dropTable('email_tokens');
    await queryInterface.removeColumn('users', 'email_verified_at');
  },
};
