// The per-IP rate limit of the lookup and calculation endpoints (§8): 120
// per minute by default, IPv6 grouped by /56, draft-8 RateLimit headers and
// Retry-After. With REDIS_URL the count lives in Redis, so every instance
// shares one limit; otherwise in memory. Every API request passes here, so
// the in-memory path is synchronous: no promise, no per-request object, the
// policy header (with its hashed partition key) made once per client.
import { createHash } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { ipKeyGenerator } from 'express-rate-limit';
import { AppError, ErrorCode } from '#shared/errors.js';
import type { Config } from '../config/config.js';
import type { RedisClient } from '../db/redis.js';
import {
  memoryWindowCounter,
  redisWindowCounter,
  type WindowCount,
  type WindowCounter,
} from './windowCounter.js';

export interface RateLimitDeps {
  config: Pick<Config, 'rateLimitPerMinute' | 'redisKeyPrefix'>;
  redis: RedisClient | undefined;
}

const WINDOW_MS = 60_000;
const IPV6_SUBNET = 56;
const POLICY_NAME = '"ip-minute"';
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

/** The draft-8 partition key: the client key hashed, as express-rate-limit writes it. */
export function partitionKey(key: string): string {
  const hex = createHash('sha256').update(key).digest('hex').slice(0, 12);
  return Buffer.from(hex).toString('base64');
}

/**
 * What an endpoint under the per-IP limit takes: the one limiter the context
 * builds, so every endpoint of an app shares its budget.
 */
export interface RateLimited {
  apiRateLimit: RequestHandler;
}

export function createRateLimiter({ config, redis }: RateLimitDeps): RequestHandler {
  const limit = config.rateLimitPerMinute;
  const counter: WindowCounter = redis
    ? redisWindowCounter(redis, `${config.redisKeyPrefix}rl:ip:`, WINDOW_MS)
    : memoryWindowCounter(WINDOW_MS);
  const policyHead = `${POLICY_NAME}; q=${limit}; w=${WINDOW_MS / 1000}; pk=:`;

  function answer(key: string, count: WindowCount, now: number, res: Response, next: NextFunction) {
    count.policy ??= `${policyHead}${partitionKey(key)}:`;
    const resetSeconds = Math.max(0, Math.ceil((count.resetAt - now) / 1000));
    res.setHeader('RateLimit-Policy', count.policy);
    res.setHeader(
      'RateLimit',
      `${POLICY_NAME}; r=${Math.max(limit - count.hits, 0)}; t=${resetSeconds}`,
    );
    if (count.hits <= limit) {
      next();
      return;
    }
    res.setHeader('Retry-After', String(resetSeconds));
    // The error middleware answers in our error shape (and as XML when asked).
    next(
      new AppError(
        ErrorCode.rateLimitExceeded,
        `Zu viele Anfragen: höchstens ${limit} pro Minute und IP-Adresse.`,
      ),
    );
  }

  return function rateLimitRequest(req, res, next) {
    const key = clientKey(req);
    const now = Date.now();
    const count = counter.hit(key, now);
    if (count instanceof Promise) {
      count.then((counted) => answer(key, counted, Date.now(), res, next), next);
    } else {
      answer(key, count, now, res, next);
    }
  };
}
