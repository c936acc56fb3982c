// Accounts in the database. The trial counter is changed only by single
// conditional UPDATEs, so concurrent lookups cannot push it past its cap. A
// trial starts together with the mark of its mailbox (users.trial_mailbox,
// unique), so a mailbox whose mark another account holds gets no second one.
// The quota check may take an account this instance read moments ago
// (findByIdRecent); every write through this repository drops that copy.
import { boundedLru } from '../memory/boundedLru.js';
import { Op, UniqueConstraintError, type Sequelize } from 'sequelize';
import type { Plan } from '#shared/apiTypes.js';
import { defineAccountModel, type PaymentStatus, type AccountRow } from './accountModel.js';

export type { PaymentStatus };

export interface Account {
  id: string;
  email: string;
  passwordHash: string | null;
  /** When the owner confirmed the address; null: not yet (no login, no trial). */
  emailVerifiedAt: Date | null;
  plan: Plan;
  trialStartedAt: Date | null;
  trialExpiresAt: Date | null;
  trialUsage: number;
  paymentStatus: PaymentStatus;
  pastDueSince: Date | null;
  createdAt: Date;
}

export interface NewAccount {
  id: string;
  email: string;
  passwordHash: string | null;
  /** Default null: unconfirmed. */
  emailVerifiedAt?: Date | null;
  plan: Plan;
  trialStartedAt: Date | null;
  trialExpiresAt: Date | null;
  createdAt: Date;
}

/** A trial as it starts: its window and the mailbox it is the one trial of. */
export type TrialStart = Pick<Account, 'trialStartedAt' | 'trialExpiresAt'> & {
  trialMailbox: string;
};

export type UserChanges = Partial<
  Pick<
    Account,
    | 'plan'
    | 'trialStartedAt'
    | 'trialExpiresAt'
    | 'paymentStatus'
    | 'pastDueSince'
    | 'passwordHash'
    | 'emailVerifiedAt'
  >
>;

export class AccountRepository {
  private readonly rows;
  private readonly recent = boundedLru<string, { account: Account; readAt: number }>(10_000);

  constructor(private readonly sequelize: Sequelize) {
    this.rows = defineAccountModel(sequelize);
  }

  async create(account: NewAccount): Promise<Account> {
    const row = await this.rows.create({
      emailVerifiedAt: null,
      ...account,
      updatedAt: account.createdAt,
    });
    return toAccount(row);
  }

  async findById(id: string): Promise<Account | null> {
    const row = await this.rows.findByPk(id);
    return row ? toAccount(row) : null;
  }

  /**
   * The account as this instance read it at most `maxAgeMs` before `now` (0:
   * read now); `cached` says whether the database was skipped.
   */
  async findByIdRecent(
    id: string,
    maxAgeMs: number,
    now: Date,
  ): Promise<{ account: Account | null; cached: boolean }> {
    const held = this.recent.get(id);
    const age = held ? now.getTime() - held.readAt : Infinity;
    if (held && age >= 0 && age < maxAgeMs) return { account: held.account, cached: true };
    const account = await this.findById(id);
    if (account && maxAgeMs > 0) this.recent.set(id, { account, readAt: now.getTime() });
    return { account, cached: false };
  }

  async findByEmail(email: string): Promise<Account | null> {
    const row = await this.rows.findOne({ where: { email } });
    return row ? toAccount(row) : null;
  }

  /**
   * Confirms an unconfirmed account; with `trial`, starts it in the same
   * UPDATE and marks its mailbox. False when another account holds that
   * mailbox's mark: then nothing changed.
   */
  async confirm(id: string, at: Date, trial?: TrialStart): Promise<boolean> {
    this.recent.delete(id);
    try {
      await this.rows.update(
        { emailVerifiedAt: at, ...trial },
        { where: { id, emailVerifiedAt: null } },
      );
      return true;
    } catch (err) {
      if (trial && err instanceof UniqueConstraintError) return false;
      throw err;
    } finally {
      this.recent.delete(id);
    }
  }

  /** Marks the account's trial as the mailbox's one; nothing where another account holds the mark. */
  async markTrialMailbox(id: string, trialMailbox: string): Promise<void> {
    this.recent.delete(id);
    try {
      await this.rows.update({ trialMailbox }, { where: { id }, silent: true });
    } catch (err) {
      if (!(err instanceof UniqueConstraintError)) throw err;
    }
  }

  /** Applies the changes; false when no such account exists. */
  async update(id: string, changes: UserChanges): Promise<boolean> {
    this.recent.delete(id);
    const [affected] = await this.rows.update(changes, { where: { id } });
    // A read that began before the write may have stored the old row meanwhile.
    this.recent.delete(id);
    return affected === 1;
  }

  /** Counts `count` trial lookups if the trial runs and then holds at most `cap`; else nothing. */
  async reserveTrialLookup(id: string, now: Date, cap: number, count = 1): Promise<boolean> {
    this.recent.delete(id);
    const [affected] = await this.rows.update(
      { trialUsage: this.sequelize.literal(`trial_usage + ${Math.trunc(count)}`) },
      {
        where: { id, trialUsage: { [Op.lte]: cap - count }, trialExpiresAt: { [Op.gt]: now } },
        silent: true,
      },
    );
    return affected === 1;
  }

  async releaseTrialLookup(id: string): Promise<void> {
    this.recent.delete(id);
    await this.rows.update(
      { trialUsage: this.sequelize.literal('trial_usage - 1') },
      { where: { id, trialUsage: { [Op.gt]: 0 } }, silent: true },
    );
  }
}

function toAccount(row: AccountRow): Account {
  return {
    id: row.id,
    email: row.email,
    passwordHash: row.passwordHash,
    emailVerifiedAt: row.emailVerifiedAt,
    plan: row.plan,
    trialStartedAt: row.trialStartedAt,
    trialExpiresAt: row.trialExpiresAt,
    trialUsage: row.trialUsage,
    paymentStatus: row.paymentStatus,
    pastDueSince: row.pastDueSince,
    createdAt: row.createdAt,
  };
}
