// The per-IP rate limit of the lookup and calculation endpoints (§8): 120
// per minute by default, IPv6 grouped by /56, draft-8 RateLimit headers and
// Retry-After. With REDIS_URL the count lives in Redis, so every instance
// shares one limit; otherwise in memory.
import type { Request, RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import { RedisStore, type RedisReply } from 'rate-limit-redis';
import { AppError, ErrorCode } from '../../../shared/src/errors.js';
import type { Config } from '../config/config.js';
import type { RedisClient } from '../db/redis.js';

export interface RateLimitDeps {
  config: Pick<Config, 'rateLimitPerMinute' | 'redisKeyPrefix'>;
  redis: RedisClient | undefined;
}

const WINDOW_MS = 60_000;
const IPV6_SUBNET = 56;
const MAPPED_IPV4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/**
 * The client's key: an IPv4 address as it is, also when a dual-stack socket
 * reports it IPv4-mapped (::ffff:a.b.c.d, what ipKeyGenerator makes of it too,
 * without parsing an IPv6 address on every request); IPv6 by its /56 network.
 */
export function clientKey(req: Pick<Request, 'ip'>): string {
  const ip = req.ip ?? '';
  return MAPPED_IPV4.exec(ip)?.[1] ?? ipKeyGenerator(ip, IPV6_SUBNET);
}
const limiters = new WeakMap<RateLimitDeps, RequestHandler>();

/** One limiter per context: every endpoint that uses it shares the budget. */
export function createRateLimiter(ctx: RateLimitDeps): RequestHandler {
  let limiter = limiters.get(ctx);
  if (!limiter) {
    limiter = buildLimiter(ctx);
    limiters.set(ctx, limiter);
  }
  return limiter;
}

function buildLimiter({ config, redis }: RateLimitDeps): RequestHandler {
  return rateLimit({
    windowMs: WINDOW_MS,
    limit: config.rateLimitPerMinute,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    keyGenerator: clientKey,
    identifier: 'ip-minute',
    // Retry-After is already set when this runs; the error middleware answers
    // in our error shape (and as XML when the request asked for it).
    handler: (_req, _res, next) => {
      next(
        new AppError(
          ErrorCode.rateLimitExceeded,
          `Zu viele Anfragen: höchstens ${config.rateLimitPerMinute} pro Minute und IP-Adresse.`,
        ),
      );
    },
    ...(redis
      ? {
          store: new RedisStore({
            sendCommand: (...args: string[]) => redis.sendCommand(args) as Promise<RedisReply>,
            prefix: `${config.redisKeyPrefix}rl:ip:`,
          }),
        }
      : {}),
  });
}
