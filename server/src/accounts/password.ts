// Password hashing with scrypt (node:crypto) at the configured cost, one of
// OWASP's settings (config/scryptCost.ts); by default N=2^17, r=8, p=1: about
// 128 MiB and a few hundred milliseconds per hash. The stored form carries
// its parameters, so a hash made at any cost still verifies, and one of other
// parameters than the configured ones (an older, cheaper one included) is
// replaced at the next login (needsRehash).
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { DEFAULT_SCRYPT_COST, type ScryptCost } from '../config/scryptCost.js';

const KEY_LENGTH = 32;
/** scrypt needs 128·N·r bytes; room for the largest cost, refusing absurd stored ones. */
const MAX_MEMORY = 256 * 1024 * 1024;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize('NFC'),
      salt,
      KEY_LENGTH,
      { ...options, maxmem: MAX_MEMORY },
      (err, key) => (err ? reject(err) : resolve(key)),
    );
  });
}

function prefix({ N, r, p }: ScryptCost): string {
  return `scrypt$${N}$${r}$${p}$`;
}

/** `scrypt$N$r$p$salt$hash` with base64url salt and hash. */
export async function hashPassword(
  password: string,
  cost: ScryptCost = DEFAULT_SCRYPT_COST,
): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost);
  return `${prefix(cost)}${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** Whether a stored hash was made with other parameters than the configured ones. */
export function needsRehash(stored: string, cost: ScryptCost = DEFAULT_SCRYPT_COST): boolean {
  return !stored.startsWith(prefix(cost));
}
