// Throttles on the login and sign-up forms. Keys are HMACs of the IP and the
// normalised e-mail address (fixed length, no address in Redis or memory);
// the stores are bounded (throttleStore). Login has three counts, all checked
// before any password hashing:
// - every attempt per IP, successful ones too (password spraying, and scrypt
//   work one client can cause);
// - failures per IP and address (guessing one password);
// - failures per address from every IP (distributed guessing). Past that
//   limit only a browser that signed in to the account before (a signed
//   "known device" cookie) may try, so a stranger can slow an account down
//   but cannot lock its owner out; a password reset clears the count.
import { timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { rateLimit, type Store } from 'express-rate-limit';
import { normaliseEmail } from '../accounts/accountService.js';
import { clientKey } from '../http/rateLimit.js';
import {
  throttleCounter,
  throttleKey,
  throttleStore,
  type ThrottleStoreDeps,
} from './throttleStore.js';

const WINDOW_MS = 15 * 60_000;
export const LOGINS_PER_IP = 50;
export const FAILED_LOGINS_PER_WINDOW = 10;
export const FAILED_LOGINS_PER_ACCOUNT = 20;
const SIGNUPS_PER_WINDOW = 10;
const DEVICE_COOKIE = 'brw.device';
const DEVICE_COOKIE_MAX_AGE_MS = 365 * 86_400_000;

export type LoginRefusal = 'ip' | 'ip-account' | 'account';

export interface LoginThrottle {
  /** Counts the attempt; the refusal when one of the limits is reached. */
  admit(req: Request, email: string): Promise<LoginRefusal | null>;
  failed(req: Request, email: string): Promise<void>;
  /** A successful login: clears the failures and marks this browser as known. */
  succeeded(req: Request, res: Response, email: string): Promise<void>;
  /** The owner proved the mailbox (password reset): clears the account's failures. */
  clearAccount(email: string): Promise<void>;
}

export function createLoginThrottle(
  ctx: ThrottleStoreDeps,
  secret: string,
  secure: boolean,
): LoginThrottle {
  const perIp = throttleCounter(ctx, 'login-ip', WINDOW_MS);
  const perPair = throttleCounter(ctx, 'login', WINDOW_MS);
  const perAccount = throttleCounter(ctx, 'login-account', WINDOW_MS);
  const key = (...parts: string[]) => throttleKey(secret, ...parts);
  const ip = (req: Request) => key('ip', clientKey(req));
  const pair = (req: Request, email: string) => key('pair', clientKey(req), normaliseEmail(email));
  const account = (email: string) => key('account', normaliseEmail(email));
  const hits = async (store: Store, k: string) => (await store.get?.(k))?.totalHits ?? 0;
  const knownDevice = (req: Request, email: string) => {
    const presented = Buffer.from(String((req.cookies as Record<string, unknown>)[DEVICE_COOKIE]));
    const expected = Buffer.from(key('device', normaliseEmail(email)));
    return presented.length === expected.length && timingSafeEqual(presented, expected);
  };

  return {
    async admit(req, email) {
      if ((await perIp.increment(ip(req))).totalHits > LOGINS_PER_IP) return 'ip';
      if ((await hits(perPair, pair(req, email))) >= FAILED_LOGINS_PER_WINDOW) return 'ip-account';
      const accountFailures = await hits(perAccount, account(email));
      if (accountFailures >= FAILED_LOGINS_PER_ACCOUNT && !knownDevice(req, email)) {
        return 'account';
      }
      return null;
    },
    async failed(req, email) {
      await perPair.increment(pair(req, email));
      await perAccount.increment(account(email));
    },
    async succeeded(req, res, email) {
      await perPair.resetKey(pair(req, email));
      await perAccount.resetKey(account(email));
      res.cookie(DEVICE_COOKIE, key('device', normaliseEmail(email)), {
        httpOnly: true,
        sameSite: 'lax',
        secure,
        path: '/',
        maxAge: DEVICE_COOKIE_MAX_AGE_MS,
      });
    },
    async clearAccount(email) {
      await perAccount.resetKey(account(email));
    },
  };
}

/** Sign-ups and password-reset requests per IP (each sends an e-mail). */
export function signupThrottle(
  ctx: ThrottleStoreDeps,
  onLimited: (req: Request, res: Response) => void,
  name = 'signup',
): RequestHandler {
  return rateLimit({
    windowMs: WINDOW_MS,
    limit: SIGNUPS_PER_WINDOW,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    identifier: name,
    keyGenerator: clientKey,
    handler: (req, res) => onLimited(req, res),
    store: throttleStore(ctx, name),
  });
}
