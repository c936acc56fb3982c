// One-time links sent by e-mail: a random token in the link, its SHA-256 in
// the database, a lifetime per purpose, one live link per account and purpose.
import { generateCredential, hashCredential } from '../auth/secrets.js';
import type { Clock } from '../time/clock.js';
import type { EmailTokenPurpose, EmailTokenRepository } from './emailTokenRepository.js';

export const EMAIL_LINK_LIFETIME_MS: Readonly<Record<EmailTokenPurpose, number>> = {
  verify: 48 * 3600_000,
  reset: 3600_000,
};

/** Tokens are base64url of 32 random bytes; anything longer is no token of ours. */
const MAX_TOKEN_LENGTH = 64;

export class EmailLinks {
  constructor(
    private readonly tokens: EmailTokenRepository,
    private readonly clock: Clock,
  ) {}

  /** A new token for the account; earlier links of the purpose stop working. */
  async issue(accountId: string, purpose: EmailTokenPurpose): Promise<string> {
    const token = generateCredential('');
    const now = this.clock();
    await this.tokens.replace(
      {
        tokenHash: hashCredential(token),
        accountId,
        purpose,
        expiresAt: new Date(now.getTime() + EMAIL_LINK_LIFETIME_MS[purpose]),
      },
      now,
    );
    return token;
  }

  /**
   * A new token unless a link of the purpose was issued within `intervalMs`
   * (null then): a page anyone can trigger with the right password must not
   * flood the mailbox nor keep replacing the link the owner is about to open.
   */
  async issueAtMostEvery(
    accountId: string,
    purpose: EmailTokenPurpose,
    intervalMs: number,
  ): Promise<string | null> {
    const liveUntil = await this.tokens.liveUntil(accountId, purpose, this.clock());
    const issuedAt = liveUntil && liveUntil.getTime() - EMAIL_LINK_LIFETIME_MS[purpose];
    if (issuedAt && issuedAt > this.clock().getTime() - intervalMs) return null;
    return this.issue(accountId, purpose);
  }

  /** Ends every link of the purpose, e.g. reset links once the password changed. */
  revokeAll(accountId: string, purpose: EmailTokenPurpose): Promise<void> {
    return this.tokens.deleteAll(accountId, purpose);
  }

  /** The account a live link belongs to, without using it up. */
  peek(token: string, purpose: EmailTokenPurpose): Promise<string | null> {
    if (!token || token.length > MAX_TOKEN_LENGTH) return Promise.resolve(null);
    return this.tokens.find(hashCredential(token), purpose, this.clock());
  }

  /** Uses the link up: the account id for exactly one caller, else null. */
  async consume(token: string, purpose: EmailTokenPurpose): Promise<string | null> {
    const accountId = await this.peek(token, purpose);
    if (!accountId) return null;
    return (await this.tokens.consume(hashCredential(token), purpose, this.clock()))
      ? accountId
      : null;
  }
}
