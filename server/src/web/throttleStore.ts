// The express-rate-limit store for the abuse throttles (login, sign-up, pages,
// client registration): Redis when REDIS_URL is set, so every instance shares
// the counts (each key expires with its window), else a bounded in-memory LRU.
// Callers key on a hash or an IP, never on raw input, so a key is short.
import { createHmac } from 'node:crypto';
import type { Options, Store } from 'express-rate-limit';
import { RedisStore, type RedisReply } from 'rate-limit-redis';
import type { Config } from '../config/config.js';
import type { RedisClient } from '../db/redis.js';
import { BoundedMemoryStore } from '../http/boundedMemoryStore.js';

/** The shared store's connection (absent without REDIS_URL) and its key prefix. */
export interface ThrottleStoreDeps {
  redis: RedisClient | undefined;
  config: Pick<Config, 'redisKeyPrefix'>;
}

export function throttleStore(ctx: ThrottleStoreDeps, name: string): Store {
  const redis = ctx.redis;
  if (!redis) return new BoundedMemoryStore();
  return new RedisStore({
    sendCommand: (...args: string[]) => redis.sendCommand(args) as Promise<RedisReply>,
    prefix: `${ctx.config.redisKeyPrefix}rl:${name}:`,
  });
}

/** A store counted directly (not through rateLimit()): the window is all the stores read of the options. */
export function throttleCounter(ctx: ThrottleStoreDeps, name: string, windowMs: number): Store {
  const store = throttleStore(ctx, name);
  void store.init?.({ windowMs } as Options);
  return store;
}

/** A throttle key: the HMAC of the parts (fixed length, no address in Redis or memory). */
export function throttleKey(secret: string, ...parts: string[]): string {
  return createHmac('sha256', secret).update(parts.join('\n')).digest('base64url').slice(0, 32);
}
