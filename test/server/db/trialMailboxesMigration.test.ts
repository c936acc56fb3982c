// The migration that marks each trial's mailbox, on a database whose accounts
// had trials before it: the first trial of each mailbox gets the mark, later
// ones of the same mailbox keep their trial unmarked, and a new confirmation
// of that mailbox then gets none.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountRepository } from '#server/accounts/accountRepository.js';
import { AccountService } from '#server/accounts/accountService.js';
import { PasswordHasher } from '#server/accounts/passwordHasher.js';
import { migrate } from '#server/db/migrate.js';
import { trialMailboxesMigration } from '#server/db/migrations/050-trial-mailboxes.js';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../../support/database.js';

const DAY_MS = 86_400_000;
const start = new Date('2026-03-01T09:00:00.000Z');

describe.each(databaseKinds())('050-trial-mailboxes on %s', (kind) => {
  let test: TestDatabase;
  let users: AccountRepository;

  beforeAll(async () => {
    test = await openTestDatabase(kind);
    const { sequelize } = test.db;
    // The database as it was before the migration.
    await trialMailboxesMigration.down({
      queryInterface: sequelize.getQueryInterface(),
      sequelize,
    });
    await sequelize.query('DELETE FROM schema_migrations WHERE name = ?', {
      replacements: [trialMailboxesMigration.name],
    });
    users = new AccountRepository(sequelize);
  });
  afterAll(async () => {
    await test.dispose();
  });

  const account = (email: string, trialDay: number | null) => ({
    id: randomUUID(),
    email,
    passwordHash: null,
    emailVerifiedAt: start,
    plan: 'free' as const,
    trialStartedAt: trialDay === null ? null : new Date(start.getTime() + trialDay * DAY_MS),
    trialExpiresAt: trialDay === null ? null : new Date(start.getTime() + (trialDay + 14) * DAY_MS),
    createdAt: start,
  });

  it('marks the first trial of each mailbox and keeps the later ones', async () => {
    const { sequelize } = test.db;
    const before = [
      account('jane.doe@gmail.com', 2),
      account('janedoe+2@googlemail.com', 1),
      account('farmer+1@example.de', 3),
      account('farmer@example.de', 4),
      account('solo@example.de', null),
    ];
    for (const user of before) {
      await sequelize.query(
        'INSERT INTO users (id, email, plan, email_verified_at, trial_started_at, trial_expires_at, trial_usage, payment_status, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, 0, ?, ?, ?)',
        {
          replacements: [
            user.id,
            user.email,
            user.plan,
            user.emailVerifiedAt,
            user.trialStartedAt,
            user.trialExpiresAt,
            'ok',
            user.createdAt,
            user.createdAt,
          ],
        },
      );
    }
    expect(await migrate(sequelize)).toEqual([trialMailboxesMigration.name]);
    const [rows] = await sequelize.query('SELECT email, trial_mailbox FROM users');
    const byEmail = (rows as { email: string }[]).sort((a, b) => (a.email < b.email ? -1 : 1));
    expect(byEmail).toEqual([
      { email: 'farmer+1@example.de', trial_mailbox: 'farmer@example.de' },
      { email: 'farmer@example.de', trial_mailbox: null },
      { email: 'jane.doe@gmail.com', trial_mailbox: null },
      { email: 'janedoe+2@googlemail.com', trial_mailbox: 'janedoe@gmail.com' },
      { email: 'solo@example.de', trial_mailbox: null },
    ]);
    const trials = await Promise.all(before.map((user) => users.findById(user.id)));
    expect(trials.map((user) => user?.trialStartedAt?.toISOString() ?? null)).toEqual(
      before.map((user) => user.trialStartedAt?.toISOString() ?? null),
    );

    const newcomer = await users.create({
      ...account('j.a.n.e.doe@gmail.com', null),
      emailVerifiedAt: null,
    });
    const accounts = new AccountService(users, new PasswordHasher(), () => start);
    expect((await accounts.confirmEmail(newcomer.id))?.trialStartedAt).toBeNull();
  });
});
