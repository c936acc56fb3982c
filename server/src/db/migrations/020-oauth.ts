// OAuth 2.0 clients, authorization codes and tokens. Codes, tokens and client
// secrets are stored only as SHA-256 hashes. Deleting a client (or its owner)
// deletes its codes and tokens with it.
import { DataTypes } from 'sequelize';
import type { Migration } from './migration.js';

const cascadeTo = (model: string) => ({
  references: { model, key: 'id' },
  onDelete: 'CASCADE',
});

export const oauthMigration: Migration = {
  name: '020-oauth',
  async up({ queryInterface }) {
    await queryInterface.createTable('oauth_clients', {
      id: { type: DataTypes.STRING(36), primaryKey: true, allowNull: false },
      client_id: { type: DataTypes.STRING(64), allowNull: false, unique: true },
      // Null for clients from dynamic registration: they belong to no account.
      owner_user_id: { type: DataTypes.STRING(36), allowNull: true, ...cascadeTo('users') },
      name: { type: DataTypes.STRING(100), allowNull: false },
      description: { type: DataTypes.STRING(500), allowNull: true },
      client_type: { type: DataTypes.STRING(16), allowNull: false },
      secret_hash: { type: DataTypes.CHAR(64), allowNull: true },
      // JSON arrays of strings.
      grants: { type: DataTypes.TEXT, allowNull: false },
      redirect_uris: { type: DataTypes.TEXT, allowNull: false },
      created_at: { type: DataTypes.DATE(3), allowNull: false },
      updated_at: { type: DataTypes.DATE(3), allowNull: false },
    });
    await queryInterface.addIndex('oauth_clients', ['owner_user_id']);
    await queryInterface.createTable('oauth_authorization_codes', {
      code_hash: { type: DataTypes.CHAR(64), primaryKey: true, allowNull: false },
      client_ref: { type: DataTypes.STRING(36), allowNull: false, ...cascadeTo('oauth_clients') },
      user_id: { type: DataTypes.STRING(36), allowNull: false, ...cascadeTo('users') },
      // Only when the authorization request carried one (RFC 6749 §4.1.3).
      redirect_uri: { type: DataTypes.TEXT, allowNull: true },
      code_challenge: { type: DataTypes.STRING(128), allowNull: false },
      code_challenge_method: { type: DataTypes.STRING(8), allowNull: false },
      expires_at: { type: DataTypes.DATE(3), allowNull: false },
      consumed_at: { type: DataTypes.DATE(3), allowNull: true },
      created_at: { type: DataTypes.DATE(3), allowNull: false },
    });
    await queryInterface.createTable('oauth_tokens', {
      id: { type: DataTypes.STRING(36), primaryKey: true, allowNull: false },
      client_ref: { type: DataTypes.STRING(36), allowNull: false, ...cascadeTo('oauth_clients') },
      // The account the usage counts against: end user or app owner.
      user_id: { type: DataTypes.STRING(36), allowNull: false, ...cascadeTo('users') },
      kind: { type: DataTypes.STRING(24), allowNull: false },
      // Every token descending from one authorization code shares its family
      // (the code's hash); a client-credentials token is a family of its own.
      family_id: { type: DataTypes.STRING(64), allowNull: false },
      access_token_hash: { type: DataTypes.CHAR(64), allowNull: false, unique: true },
      access_expires_at: { type: DataTypes.DATE(3), allowNull: false },
      refresh_token_hash: { type: DataTypes.CHAR(64), allowNull: true, unique: true },
      refresh_expires_at: { type: DataTypes.DATE(3), allowNull: true },
      rotated_at: { type: DataTypes.DATE(3), allowNull: true },
      revoked_at: { type: DataTypes.DATE(3), allowNull: true },
      created_at: { type: DataTypes.DATE(3), allowNull: false },
    });
    await queryInterface.addIndex('oauth_tokens', ['family_id']);
    await queryInterface.addIndex('oauth_tokens', ['client_ref']);
  },
  async down({ queryInterface }) {
    await queryInterface.dropTable('oauth_tokens');
    await queryInterface.dropTable('oauth_authorization_codes');
    await queryInterface.dropTable('oauth_clients');
  },
};
