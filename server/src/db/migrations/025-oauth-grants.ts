// OAuth abuse resistance: the token endpoint authentication method each
// client registered (enforced at /oauth/token and /oauth/revoke), when a
// client last obtained a code or token (unused dynamic registrations expire),
// and the absolute end of a refresh-token family.
import { DataTypes } from 'sequelize';
import type { Migration } from './migration.js';

export const oauthGrantsMigration: Migration = {
  name: '025-oauth-grants',
  async up({ queryInterface }) {
    await queryInterface.addColumn('oauth_clients', 'token_endpoint_auth_method', {
      type: DataTypes.STRING(32),
      allowNull: false,
      defaultValue: 'client_secret_basic',
    });
    await queryInterface.bulkUpdate(
      'oauth_clients',
      { token_endpoint_auth_method: 'none' },
      { client_type: 'public' },
    );
    await queryInterface.addColumn('oauth_clients', 'last_used_at', {
      type: DataTypes.DATE(3),
      allowNull: true,
    });
    // Null only for tokens issued before this column existed.
    await queryInterface.addColumn('oauth_tokens', 'family_expires_at', {
      type: DataTypes.DATE(3),
      allowNull: true,
    });
    await queryInterface.addIndex('oauth_tokens', ['user_id']);
    await queryInterface.addIndex('oauth_tokens', ['access_expires_at']);
    await queryInterface.addIndex('oauth_authorization_codes', ['expires_at']);
  },
  async down({ queryInterface }) {
    await queryInterface.removeIndex('oauth_authorization_codes', ['expires_at']);
    await queryInterface.removeIndex('oauth_tokens', ['access_expires_at']);
    await queryInterface.removeIndex('oauth_tokens', ['user_id']);
    await queryInterface.removeColumn('oauth_tokens', 'family_expires_at');
    await queryInterface.removeColumn('oauth_clients', 'last_used_at');
    await queryInterface.removeColumn('oauth_clients', 'token_endpoint_auth_method');
  },
};
