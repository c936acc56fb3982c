// Account administration: sign-up (with the 14-day Pro trial), plan, trial
// and payment changes, password check. Used by the admin CLI and the dashboard.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Plan } from '../../../shared/src/apiTypes.js';
import type { Clock } from '../time/clock.js';
import { TRIAL_DAYS } from './entitlement.js';
import { hashPassword, verifyPassword } from './password.js';
import type { PaymentStatus, User, UserRepository } from './userRepository.js';

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

/** zod's address pattern: no control characters, no spaces, a dotted domain; fits the column. */
const emailAddress = z.email().max(191);

export function isEmailAddress(normalised: string): boolean {
  return emailAddress.safeParse(normalised).success;
}

export class AccountService {
  constructor(
    private readonly users: UserRepository,
    private readonly clock: Clock,
  ) {}

  async create({ email, password, plan = 'free' }: NewAccount): Promise<User> {
    const normalised = normaliseEmail(email);
    if (!isEmailAddress(normalised)) {
      throw new RangeError(`Not an email address: ${email}`);
    }
    if (await this.users.findByEmail(normalised)) {
      throw new EmailTakenError(`An account with ${normalised} exists already`);
    }
    const now = this.clock();
    return this.users.create({
      id: randomUUID(),
      email: normalised,
      passwordHash: password === undefined ? null : await hashPassword(password),
      plan,
      trialStartedAt: now,
      trialExpiresAt: new Date(now.getTime() + TRIAL_DAYS * DAY_MS),
      createdAt: now,
    });
  }

  findByEmail(email: string): Promise<User | null> {
    return this.users.findByEmail(normaliseEmail(email));
  }

  findById(id: string): Promise<User | null> {
    return this.users.findById(id);
  }

  /** The user when the password matches, else null. */
  async authenticate(email: string, password: string): Promise<User | null> {
    const user = await this.findByEmail(email);
    if (!user?.passwordHash) return null;
    return (await verifyPassword(password, user.passwordHash)) ? user : null;
  }

  setPlan(userId: string, plan: Plan): Promise<boolean> {
    return this.users.update(userId, { plan });
  }

  /** Moves the trial end; null removes the trial. */
  setTrialExpiry(userId: string, expiresAt: Date | null): Promise<boolean> {
    return this.users.update(userId, { trialExpiresAt: expiresAt });
  }

  /** past_due starts the grace period at `since` (default now); ok clears it. */
  setPayment(userId: string, status: PaymentStatus, since?: Date): Promise<boolean> {
    const pastDueSince = status === 'past_due' ? (since ?? this.clock()) : null;
    return this.users.update(userId, { paymentStatus: status, pastDueSince });
  }
}
