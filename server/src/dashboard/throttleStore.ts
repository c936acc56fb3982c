// The express-rate-limit store for the abuse throttles (login, sign-up,
// client registration): Redis when REDIS_URL is set, so every instance shares
// the counts, else the limiter's memory store.
import type { Store } from 'express-rate-limit';
import { RedisStore, type RedisReply } from 'rate-limit-redis';
import type { AppContext } from '../context.js';

export function throttleStore(
  ctx: Pick<AppContext, 'redis' | 'config'>,
  name: string,
): Store | undefined {
  const redis = ctx.redis;
  if (!redis) return undefined;
  return new RedisStore({
    sendCommand: (...args: string[]) => redis.sendCommand(args) as Promise<RedisReply>,
    prefix: `${ctx.config.redisKeyPrefix}rl:${name}:`,
  });
}
