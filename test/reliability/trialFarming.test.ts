// Trial farming with several addresses of one mailbox: one mailbox gets one
// trial, whatever follows the "+" in its address and, at Gmail, however its
// name is dotted and whichever of Google's two domains it names; each
// account keeps its address as typed. Through the real sign-up pages, and as
// a database guarantee: confirmations of one mailbox's addresses at the same
// moment on two instances leave exactly one trial, on SQLite and MariaDB.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountRepository } from '#server/accounts/accountRepository.js';
import { AccountService } from '#server/accounts/accountService.js';
import { HASHES_WAITING, PasswordHasher } from '#server/accounts/passwordHasher.js';
import { MIN_SCRYPT_LOG_N, scryptCost } from '#server/config/scryptCost.js';
import { openDatabase, type Database } from '#server/db/database.js';
import { startTestServer, type TestServer } from '#dev/service/testServer.js';
import { createTestDatabaseUrl, databaseKinds } from '../support/database.js';
import { migrate } from '#server/db/migrate.js';
import { FormBrowser } from '../server/oauth/support/formBrowser.js';
import { signUpAndConfirm } from '../server/oauth/support/signedIn.js';

// Every sign-up runs one scrypt hash (at the production cost about 0.3 s).
const SLOW = { timeout: 120_000 };

describe('one trial per mailbox, through the sign-up pages', SLOW, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  async function confirmed(email: string) {
    const page = await signUpAndConfirm(server, new FormBrowser(server.url), email);
    const user = await server.ctx.accounts.findByEmail(email);
    return { page, user };
  }

  async function expectNoTrial(address: string) {
    const again = await confirmed(address);
    expect(again.user?.email).toBe(address);
    expect(again.user?.emailVerifiedAt).toBeInstanceOf(Date);
    expect(again.user?.trialExpiresAt).toBeNull();
    expect(again.page.html).toContain('bereits einen Test');
  }

  it('gives the trial to the first address of a mailbox only, plus-addresses included', async () => {
    const stamp = Date.now();
    const first = await confirmed(`farmer${stamp}+1@example.de`);
    expect(first.user?.trialExpiresAt).toBeInstanceOf(Date);
    expect(first.page.html).toContain('Test des Pro-Tarifs hat begonnen');

    for (const address of [`farmer${stamp}+2@example.de`, `farmer${stamp}@example.de`]) {
      await expectNoTrial(address);
    }

    // Another mailbox of the same domain still gets its trial, and dots count outside Gmail.
    const other = await confirmed(`farmer${stamp}x@example.de`);
    expect(other.user?.trialExpiresAt).toBeInstanceOf(Date);
    const dotted = await confirmed(`far.mer${stamp}@example.de`);
    expect(dotted.user?.trialExpiresAt).toBeInstanceOf(Date);
  });

  it('reads a Gmail address as Gmail delivers it: dots and googlemail.com do not matter', async () => {
    const name = `johndoe${Date.now()}`;
    const first = await confirmed(`${name.slice(0, 4)}.${name.slice(4)}@gmail.com`);
    expect(first.user?.trialExpiresAt).toBeInstanceOf(Date);
    // Two more addresses: a mailbox gets three sign-up mails an hour (mailFlood.test.ts).
    for (const address of [`${[...name].join('.')}@gmail.com`, `${name}+x@googlemail.com`]) {
      await expectNoTrial(address);
    }
  });
});

/** Rounds of simultaneous confirmations; each round one mailbox of its own. */
const ROUNDS = 20;

describe.each(databaseKinds())('simultaneous confirmations on %s', (kind) => {
  let drop: () => Promise<void>;
  const instances: { db: Database; accounts: AccountService; users: AccountRepository }[] = [];

  beforeAll(async () => {
    const database = await createTestDatabaseUrl(kind);
    drop = database.drop;
    for (let i = 0; i < 2; i += 1) {
      const db = await openDatabase(database.url);
      if (i === 0) await migrate(db.sequelize);
      const users = new AccountRepository(db.sequelize);
      instances.push({
        db,
        users,
        accounts: new AccountService(
          users,
          new PasswordHasher(HASHES_WAITING, scryptCost(MIN_SCRYPT_LOG_N)),
          () => new Date(),
        ),
      });
    }
  });
  afterAll(async () => {
    for (const instance of instances) await instance.db.close();
    await drop();
  });

  it(
    `leave exactly one trial per mailbox in each of ${ROUNDS} rounds, across two instances`,
    SLOW,
    async () => {
      const [one, two] = instances;
      if (!one || !two) throw new Error('two instances expected');
      const trialsPerRound: number[] = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        const name = `farmer${round}${randomUUID().slice(0, 8)}`;
        // Plus-addresses only: the rule a sequential check already kept, so only the race remains.
        const addresses = ['+1', '+2', '+3', '', '+5', '+6'].map(
          (tag) => `${name}${tag}@example.de`,
        );
        const ids = await Promise.all(
          addresses.map(async (email) => {
            const id = randomUUID();
            await one.users.create({
              id,
              email,
              passwordHash: null,
              emailVerifiedAt: null,
              plan: 'free',
              trialStartedAt: null,
              trialExpiresAt: null,
              createdAt: new Date(),
            });
            return id;
          }),
        );
        const confirmedAccounts = await Promise.all(
          ids.map((id, index) => (index % 2 === 0 ? one : two).accounts.confirmEmail(id)),
        );
        expect(confirmedAccounts.every((user) => user?.emailVerifiedAt instanceof Date)).toBe(true);
        const stored = await Promise.all(ids.map((id) => one.users.findById(id)));
        trialsPerRound.push(stored.filter((user) => user?.trialStartedAt).length);
      }
      expect(trialsPerRound).toEqual(Array(ROUNDS).fill(1));
    },
  );

  it('still give an account the operator makes its trial where the mailbox had one', async () => {
    const [one] = instances;
    if (!one) throw new Error('an instance expected');
    const name = `kunde${randomUUID().slice(0, 8)}`;
    await one.accounts.create({ email: `${name}@example.de` });
    const second = await one.accounts.create({ email: `${name}+buero@example.de` });
    expect(second.trialStartedAt).toBeInstanceOf(Date);
  });
});
