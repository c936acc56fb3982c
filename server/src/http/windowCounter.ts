// Fixed-window request counts per client key: in memory for one instance, in
// Redis (REDIS_URL) so every instance shares them. The memory counter's hot
// path is synchronous and allocates nothing once a key has its entry.
import type { Options } from 'express-rate-limit';
import { RedisStore, type RedisReply } from 'rate-limit-redis';
import type { RedisClient } from '../db/redis.js';

export interface WindowCount {
  /** Requests of this key in the current window, this one included. */
  hits: number;
  /** When the window ends (epoch ms). */
  resetAt: number;
  /** The key's RateLimit-Policy header, kept here by the limiter once made. */
  policy?: string;
}

export interface WindowCounter {
  hit(key: string, now: number): WindowCount | Promise<WindowCount>;
}

/**
 * Keys live in two maps: a key hit in this window sits in `current`; every
 * window, `previous` (keys not hit for a whole window) is dropped, so the
 * memory follows the active clients without a sweep over all of them.
 */
export function memoryWindowCounter(windowMs: number): WindowCounter {
  let current = new Map<string, WindowCount>();
  let previous = new Map<string, WindowCount>();
  setInterval(() => {
    previous = current;
    current = new Map();
  }, windowMs).unref();
  return {
    hit(key, now) {
      let count = current.get(key);
      if (count === undefined) {
        count = previous.get(key) ?? { hits: 0, resetAt: now + windowMs };
        previous.delete(key);
        current.set(key, count);
      }
      if (count.resetAt <= now) {
        count.hits = 0;
        count.resetAt = now + windowMs;
      }
      count.hits += 1;
      return count;
    },
  };
}

/** rate-limit-redis's atomic increment (one Lua script per hit). */
export function redisWindowCounter(
  redis: RedisClient,
  prefix: string,
  windowMs: number,
): WindowCounter {
  const store = new RedisStore({
    sendCommand: (...args: string[]) => redis.sendCommand(args) as Promise<RedisReply>,
    prefix,
  });
  // A failed script load shows again, as an error, at the first increment.
  store.init({ windowMs } as Options).catch(() => undefined);
  return {
    async hit(key, now) {
      const { totalHits, resetTime } = await store.increment(key);
      return { hits: totalHits, resetAt: resetTime?.getTime() ?? now + windowMs };
    },
  };
}
