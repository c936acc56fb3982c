// users.trial_mailbox: the mailbox (shared/src/mailbox.ts) whose one trial the
// account holds. Its unique index makes "one trial per mailbox" a guarantee
// of the database: of two confirmations of one mailbox's addresses, on any
// instances, only one can write the mark. Accounts that had a trial before
// get the mark in the order their trials started; a later account of a
// mailbox already marked keeps its trial, unmarked.
import { DataTypes, QueryTypes } from 'sequelize';
import { mailboxOf } from '#shared/mailbox.js';
import type { Migration } from './migration.js';

export const trialMailboxesMigration: Migration = {
  name: '050-trial-mailboxes',
  async up({ queryInterface, sequelize }) {
    await queryInterface.addColumn('users', 'trial_mailbox', {
      type: DataTypes.STRING(191),
      allowNull: true,
    });
    await queryInterface.addIndex('users', ['trial_mailbox'], {
      unique: true,
      name: 'users_trial_mailbox',
    });
    const holders = await sequelize.query<{ id: string; email: string }>(
      'SELECT id, email FROM users WHERE trial_started_at IS NOT NULL ORDER BY trial_started_at, id',
      { type: QueryTypes.SELECT },
    );
    const marked = new Set<string>();
    for (const { id, email } of holders) {
      const mailbox = mailboxOf(email);
      if (marked.has(mailbox)) continue;
      marked.add(mailbox);
      await sequelize.query('UPDATE users SET trial_mailbox = ? WHERE id = ?', {
        replacements: [mailbox, id],
      });
    }
  },
  async down({ queryInterface }) {
    await queryInterface.removeIndex('users', 'users_trial_mailbox');
    await queryInterface.removeColumn('users', 'trial_mailbox');
  },
};
