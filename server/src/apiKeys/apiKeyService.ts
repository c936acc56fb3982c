// Creating, listing and revoking API keys, and resolving a presented key.
// Every check reads the database (no cache), so revocation and expiry take
// effect with the very next request on every instance.
import { randomUUID } from 'node:crypto';
import type { Principal } from '../auth/types.js';
import type { Clock } from '../time/clock.js';
import type { ApiKeyRecord, ApiKeyRepository } from './apiKeyRepository.js';
import { generateApiKey, hashApiKey, looksLikeApiKey } from './apiKeyToken.js';

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

/** Last use is written at most this often per key, not on every request. */
export const LAST_USED_RESOLUTION_MS = 60_000;

export const MAX_KEY_NAME_LENGTH = 100;

export interface CreatedApiKey {
  key: ApiKeyRecord;
  /** The key value; shown exactly once, never stored. */
  value: string;
}

export class ApiKeyService {
  constructor(
    private readonly keys: ApiKeyRepository,
    private readonly clock: Clock,
  ) {}

  async create(userId: string, name: string, lifetime: ApiKeyLifetime): Promise<CreatedApiKey> {
    const trimmed = name.trim();
    if (trimmed === '' || trimmed.length > MAX_KEY_NAME_LENGTH) {
      throw new RangeError(`An API key name needs 1 to ${MAX_KEY_NAME_LENGTH} characters`);
    }
    const now = this.clock();
    const duration = API_KEY_LIFETIMES[lifetime];
    const generated = generateApiKey();
    const key = await this.keys.create({
      id: randomUUID(),
      userId,
      name: trimmed,
      prefix: generated.displayPrefix,
      keyHash: generated.hash,
      expiresAt: duration === null ? null : new Date(now.getTime() + duration),
      createdAt: now,
    });
    return { key, value: generated.value };
  }

  list(userId: string): Promise<ApiKeyRecord[]> {
    return this.keys.listByUser(userId);
  }

  find(id: string): Promise<ApiKeyRecord | null> {
    return this.keys.findById(id);
  }

  /** False when the key does not exist or was already revoked. */
  revoke(id: string): Promise<boolean> {
    return this.keys.revoke(id, this.clock());
  }

  /** The token resolver for API keys. */
  readonly resolve = async (token: string): Promise<Principal | null> => {
    if (!looksLikeApiKey(token)) return null;
    const key = await this.keys.findByHash(hashApiKey(token));
    const now = this.clock();
    if (!key || key.revokedAt || (key.expiresAt && key.expiresAt <= now)) return null;
    if (!key.lastUsedAt || now.getTime() - key.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS) {
      await this.keys.touchLastUsed(key.id, now, new Date(now.getTime() - LAST_USED_RESOLUTION_MS));
    }
    return { accountId: key.userId, kind: 'api_key', credentialId: key.id };
  };
}
