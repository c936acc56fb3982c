// Account administration: accounts made by the operator (confirmed, with the
// 14-day Pro trial), self-service sign-up (unconfirmed until the owner opens
// the e-mail link, which starts the trial), plan, trial and payment changes,
// password check and change. Used by the admin CLI and the dashboard.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Plan } from '#shared/apiTypes.js';
import type { Clock } from '../time/clock.js';
import { TRIAL_DAYS } from './entitlement.js';
import type { PasswordHasher } from './passwordHasher.js';
import { mailboxOf } from '#shared/mailbox.js';
import type { PaymentStatus, Account, AccountRepository, TrialStart } from './accountRepository.js';

const DAY_MS = 86_400_000;

export interface NewAccount {
  email: string;
  password?: string;
  plan?: Plan;
}

export class EmailTakenError extends Error {
  override name = 'EmailTakenError';
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Longest address accepted anywhere (the column; below RFC 5321's 254). */
export const MAX_EMAIL_LENGTH = 191;

/** zod's address pattern: no control characters, no spaces, a dotted domain; fits the column. */
const emailAddress = z.email().max(MAX_EMAIL_LENGTH);

export function isEmailAddress(normalised: string): boolean {
  return emailAddress.safeParse(normalised).success;
}

/** A self-service sign-up: the account, and whether the address had one before. */
export interface Registration {
  account: Account;
  existed: boolean;
}

function checkedEmail(email: string): string {
  const normalised = normaliseEmail(email);
  if (!isEmailAddress(normalised))
    throw new RangeError(
      `Not an email address (at most ${MAX_EMAIL_LENGTH} characters, a dotted domain)`,
    );
  return normalised;
}

export class AccountService {
  constructor(
    private readonly accounts: AccountRepository,
    private readonly hasher: PasswordHasher,
    private readonly clock: Clock,
  ) {}

  /**
   * An account made by the operator: confirmed, its trial starts now (the
   * operator's choice, even where the mailbox had one); it marks the mailbox
   * unless another account holds the mark.
   */
  async create({ email, password, plan = 'free' }: NewAccount): Promise<Account> {
    const normalised = checkedEmail(email);
    if (await this.accounts.findByEmail(normalised)) {
      throw new EmailTakenError(`An account with ${normalised} exists already`);
    }
    const now = this.clock();
    const { trialMailbox, ...trial } = this.trialFrom(now, normalised);
    const account = await this.accounts.create({
      id: randomUUID(),
      email: normalised,
      passwordHash: password === undefined ? null : await this.hasher.hash(password),
      emailVerifiedAt: now,
      plan,
      ...trial,
      createdAt: now,
    });
    await this.accounts.markTrialMailbox(account.id, trialMailbox);
    return account;
  }

  /**
   * Self-service sign-up. A new address gets an unconfirmed account without
   * a trial. An address that has an account, confirmed or not, keeps it as it
   * is: whoever signs up second may not own the mailbox, and taking the latest
   * password would hand the account to them once the owner confirms. The
   * password is hashed in every case, so the answer takes the same time.
   */
  async register(email: string, password: string): Promise<Registration> {
    const normalised = checkedEmail(email);
    const passwordHash = await this.hasher.hash(password);
    const existing = await this.accounts.findByEmail(normalised);
    if (existing) return { account: existing, existed: true };
    const now = this.clock();
    try {
      const account = await this.accounts.create({
        id: randomUUID(),
        email: normalised,
        passwordHash,
        emailVerifiedAt: null,
        plan: 'free',
        trialStartedAt: null,
        trialExpiresAt: null,
        createdAt: now,
      });
      return { account, existed: false };
    } catch (err) {
      // A concurrent sign-up of the same address won the unique index.
      const winner = await this.accounts.findByEmail(normalised);
      if (!winner) throw err;
      return { account: winner, existed: true };
    }
  }

  /**
   * The owner proved the mailbox (confirmation link, or a reset link): the
   * account is confirmed now, and its trial starts unless another address of
   * the same mailbox had one. The database decides which of simultaneous
   * confirmations of one mailbox gets it (AccountRepository.confirm).
   */
  async confirmEmail(accountId: string): Promise<Account | null> {
    const account = await this.accounts.findById(accountId);
    if (!account || account.emailVerifiedAt) return account;
    const now = this.clock();
    if (!(await this.accounts.confirm(accountId, now, this.trialFrom(now, account.email)))) {
      await this.accounts.confirm(accountId, now);
    }
    return this.accounts.findById(accountId);
  }

  findByEmail(email: string): Promise<Account | null> {
    const normalised = normaliseEmail(email);
    if (normalised.length > MAX_EMAIL_LENGTH) return Promise.resolve(null);
    return this.accounts.findByEmail(normalised);
  }

  findById(id: string): Promise<Account | null> {
    return this.accounts.findById(id);
  }

  /**
   * The account when the password matches, else null; unknown addresses cost
   * the same scrypt work. A hash of older parameters is replaced.
   */
  async authenticate(email: string, password: string): Promise<Account | null> {
    const account = await this.findByEmail(email);
    const stored = account?.passwordHash ?? null;
    if (!(await this.hasher.verify(password, stored)) || !account || !stored) return null;
    if (!this.hasher.needsRehash(stored)) return account;
    // The caller stamps its session with the stored hash, so it gets the new one.
    await this.setPassword(account.id, password);
    return (await this.accounts.findById(account.id)) ?? account;
  }

  /** Whether the password is the account's (the scrypt work of a login). */
  passwordMatches(account: Pick<Account, 'passwordHash'>, password: string): Promise<boolean> {
    return this.hasher.verify(password, account.passwordHash);
  }

  async setPassword(accountId: string, password: string): Promise<void> {
    await this.accounts.update(accountId, { passwordHash: await this.hasher.hash(password) });
  }

  /** Changes the password when the current one is right; false when it is not. */
  async changePassword(account: Account, current: string, next: string): Promise<boolean> {
    if (!(await this.passwordMatches(account, current))) return false;
    await this.setPassword(account.id, next);
    return true;
  }

  setPlan(accountId: string, plan: Plan): Promise<boolean> {
    return this.accounts.update(accountId, { plan });
  }

  /** Moves the trial end; null removes the trial. */
  setTrialExpiry(accountId: string, expiresAt: Date | null): Promise<boolean> {
    return this.accounts.update(accountId, { trialExpiresAt: expiresAt });
  }

  private trialFrom(now: Date, email: string): TrialStart {
    return {
      trialStartedAt: now,
      trialExpiresAt: new Date(now.getTime() + TRIAL_DAYS * DAY_MS),
      trialMailbox: mailboxOf(email),
    };
  }

  /** past_due starts the grace period at `since` (default now); ok clears it. */
  setPayment(accountId: string, status: PaymentStatus, since?: Date): Promise<boolean> {
    const pastDueSince = status === 'past_due' ? (since ?? this.clock()) : null;
    return this.accounts.update(accountId, { paymentStatus: status, pastDueSince });
  }
}
