// Creating, listing and revoking API keys, and resolving a presented key.
// A resolved key is trusted for KEY_CACHE_TTL_MS without reading the database
// again (the hot path of every request); revocation on this instance takes
// effect at once, on other instances within that delay. Expiry is checked
// on every request.
import { randomUUID } from 'node:crypto';
import { boundedLru, type LRUCache } from '../memory/boundedLru.js';
import type { Principal } from '../auth/types.js';
import type { Clock } from '../time/clock.js';
import type { ApiKeyRecord, ApiKeyRepository } from './apiKeyRepository.js';
import { generateApiKey, hashApiKey, looksLikeApiKey } from './apiKeyToken.js';
import { PerAccountTurns } from './perAccountTurns.js';

const DAY_MS = 86_400_000;

/** Lifetimes offered at creation (§5.2); null: the key never expires. */
export const API_KEY_LIFETIMES = {
  '30d': 30 * DAY_MS,
  '90d': 90 * DAY_MS,
  '1y': 365 * DAY_MS,
  unlimited: null,
} as const;

export type ApiKeyLifetime = keyof typeof API_KEY_LIFETIMES;

export const isApiKeyLifetime = (value: string): value is ApiKeyLifetime =>
  Object.hasOwn(API_KEY_LIFETIMES, value);

/** Default of API_KEY_CACHE_SECONDS: how long another instance may still accept a revoked key (§5.2 allows about 5 minutes). */
export const KEY_CACHE_TTL_MS = 10_000;
const KEY_CACHE_MAX_ENTRIES = 10_000;

/** Last use is written at most this often per key, not on every request. */
export const LAST_USED_RESOLUTION_MS = 60_000;

export const MAX_KEY_NAME_LENGTH = 100;
/** Active (unrevoked, unexpired) keys one account may hold. */
export const MAX_ACTIVE_KEYS = 20;

export const isKeyActive = (key: ApiKeyRecord, now: Date): boolean =>
  !key.revokedAt && (!key.expiresAt || key.expiresAt > now);

/** The account already holds MAX_ACTIVE_KEYS active keys. */
export class KeyLimitError extends RangeError {
  constructor() {
    super(`An account may hold at most ${MAX_ACTIVE_KEYS} active API keys`);
    this.name = 'KeyLimitError';
  }
}

export interface CreatedApiKey {
  key: ApiKeyRecord;
  /** The key value; shown exactly once, never stored. */
  value: string;
}

export class ApiKeyService {
  /** Unrevoked keys by hash, as last read from the database; none when the TTL is 0. */
  private readonly verified: LRUCache<string, ApiKeyRecord> | undefined;
  /** Creations of one account in turn, so parallel forms meet the limit one by one. */
  private readonly creations = new PerAccountTurns();

  constructor(
    private readonly keys: ApiKeyRepository,
    private readonly clock: Clock,
    cacheTtlMs = KEY_CACHE_TTL_MS,
  ) {
    this.verified =
      cacheTtlMs > 0
        ? boundedLru(KEY_CACHE_MAX_ENTRIES, {
            ttl: cacheTtlMs,
            perf: { now: () => this.clock().getTime() },
          })
        : undefined;
  }

  /** Throws RangeError for a bad name, KeyLimitError when the account has too many keys. */
  create(accountId: string, name: string, lifetime: ApiKeyLifetime): Promise<CreatedApiKey> {
    return this.creations.run(accountId, () => this.createNow(accountId, name, lifetime));
  }

  private async createNow(
    accountId: string,
    name: string,
    lifetime: ApiKeyLifetime,
  ): Promise<CreatedApiKey> {
    const trimmed = name.trim();
    if (trimmed === '' || trimmed.length > MAX_KEY_NAME_LENGTH) {
      throw new RangeError(`An API key name needs 1 to ${MAX_KEY_NAME_LENGTH} characters`);
    }
    const now = this.clock();
    const duration = API_KEY_LIFETIMES[lifetime];
    const generated = generateApiKey();
    const key = await this.keys.create({
      id: randomUUID(),
      accountId,
      name: trimmed,
      prefix: generated.displayPrefix,
      keyHash: generated.hash,
      expiresAt: duration === null ? null : new Date(now.getTime() + duration),
      createdAt: now,
    });
    // Counted after the insert: creations on several instances cannot all pass
    // a check made before it. Of several that overshoot together, all give way.
    if ((await this.keys.countActive(accountId, now)) > MAX_ACTIVE_KEYS) {
      await this.keys.delete(key.id);
      throw new KeyLimitError();
    }
    return { key, value: generated.value };
  }

  list(accountId: string): Promise<ApiKeyRecord[]> {
    return this.keys.listByAccount(accountId);
  }

  find(id: string): Promise<ApiKeyRecord | null> {
    return this.keys.findById(id);
  }

  /** False when the key does not exist or was already revoked. */
  async revoke(id: string): Promise<boolean> {
    const revoked = await this.keys.revoke(id, this.clock());
    for (const [hash, key] of this.verified?.entries() ?? []) {
      if (key.id === id) this.verified?.delete(hash);
    }
    return revoked;
  }

  /** The token resolver for API keys. */
  readonly resolve = async (token: string): Promise<Principal | null> => {
    if (!looksLikeApiKey(token)) return null;
    const hash = hashApiKey(token);
    let key = this.verified?.get(hash);
    if (!key) {
      key = (await this.keys.findByHash(hash)) ?? undefined;
      if (key && !key.revokedAt) this.verified?.set(hash, key);
    }
    const now = this.clock();
    if (!key || key.revokedAt || (key.expiresAt && key.expiresAt <= now)) return null;
    if (!key.lastUsedAt || now.getTime() - key.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS) {
      await this.keys.touchLastUsed(key.id, now, new Date(now.getTime() - LAST_USED_RESOLUTION_MS));
      // Keeps the entry's age: only a database read may start a new TTL.
      if (this.verified?.has(hash)) {
        this.verified.set(hash, { ...key, lastUsedAt: now }, { noUpdateTTL: true });
      }
    }
    return { accountId: key.accountId, kind: 'api_key', credentialId: key.id };
  };
}
