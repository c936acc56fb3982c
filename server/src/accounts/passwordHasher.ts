// Runs password hashing a few at a time. scrypt runs on libuv's thread pool
// (four threads by default), which the SQLite driver, DNS and file access
// share: unbounded, a stream of logins would queue every database query
// behind 128 MiB hashes. Waiting work is bounded too, so a flood of logins
// gets 503 instead of growing the queue.
import { randomUUID } from 'node:crypto';
import pLimit from 'p-limit';
import { AppError, ErrorCode } from '#shared/errors.js';
import { DEFAULT_SCRYPT_COST, type ScryptCost } from '../config/scryptCost.js';
import { hashPassword, needsRehash, verifyPassword } from './password.js';

/** Hashes at once: one thread of the pool, so the database keeps the others. */
export const HASHES_IN_FLIGHT = 1;
/** Logins that may wait for a hash; more answer 503. */
export const HASHES_WAITING = 32;

export class PasswordHasher {
  private readonly limit = pLimit(HASHES_IN_FLIGHT);
  /** A hash of a random password, so unknown accounts cost the same scrypt work. */
  private dummy: Promise<string> | undefined;

  constructor(
    private readonly maxWaiting = HASHES_WAITING,
    private readonly cost: ScryptCost = DEFAULT_SCRYPT_COST,
  ) {}

  hash(password: string): Promise<string> {
    return this.run(() => hashPassword(password, this.cost));
  }

  /** Checks the password against the stored hash, or against a dummy when there is none. */
  verify(password: string, stored: string | null): Promise<boolean> {
    return this.run(async () => {
      if (stored) return verifyPassword(password, stored);
      this.dummy ??= hashPassword(randomUUID(), this.cost);
      await verifyPassword(password, await this.dummy);
      return false;
    });
  }

  needsRehash(stored: string): boolean {
    return needsRehash(stored, this.cost);
  }

  private run<T>(work: () => Promise<T>): Promise<T> {
    if (this.limit.pendingCount >= this.maxWaiting) {
      return Promise.reject(
        new AppError(
          ErrorCode.serviceError,
          'Gerade melden sich sehr viele Nutzer an. Bitte versuchen Sie es in einer Minute noch einmal.',
        ),
      );
    }
    return this.limit(work);
  }
}
