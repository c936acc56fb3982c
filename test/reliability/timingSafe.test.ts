// Secret comparison is constant-time: the OAuth credential check and the
// password check go through crypto.timingSafeEqual (spied on here), and API
// keys are found by the SHA-256 of the presented value, never compared as
// strings. A code scan keeps `===` away from secrets.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import type * as NodeCrypto from 'node:crypto';

const spy = vi.hoisted(() => ({ calls: 0 }));
vi.mock('node:crypto', async (importOriginal) => {
  const crypto = await importOriginal<typeof NodeCrypto>();
  return {
    ...crypto,
    timingSafeEqual: (a: NodeJS.ArrayBufferView, b: NodeJS.ArrayBufferView) => {
      spy.calls += 1;
      return crypto.timingSafeEqual(a, b);
    },
  };
});

const { credentialMatches, generateCredential, hashCredential } =
  await import('#server/auth/secrets.js');
const { hashPassword, verifyPassword } = await import('#server/accounts/password.js');

/** Comparisons of two values of the same request, where timing reveals nothing stored. */
const SAME_REQUEST = ["password !== field(req, 'password_confirmation')"];

const SERVER = fileURLToPath(new URL('../../server/src', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'fakes' ? [] : sourceFiles(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

describe('timing-safe secret comparison', () => {
  it('checks OAuth credentials (client secrets, codes, tokens) with timingSafeEqual', () => {
    const secret = generateCredential('brw_cs_');
    const stored = hashCredential(secret);
    const before = spy.calls;
    expect(credentialMatches(secret, stored)).toBe(true);
    expect(credentialMatches(`${secret}x`, stored)).toBe(false);
    expect(spy.calls - before).toBe(2);
  });

  it('checks passwords with timingSafeEqual on the scrypt hashes', async () => {
    const stored = await hashPassword('Grundstück-2026');
    const before = spy.calls;
    expect(await verifyPassword('Grundstück-2026', stored)).toBe(true);
    expect(await verifyPassword('grundstück-2026', stored)).toBe(false);
    expect(spy.calls - before).toBe(2);
  });

  it('compares no secret, hash or token with === or !== anywhere in the server', () => {
    const offenders: string[] = [];
    const comparison =
      /(secret|password|hash|token|csrf)\w*\s*[!=]==\s*(?!undefined|null|'|")\w|\w\s*[!=]==\s*\w*(secret|password|Hash|token)\b(?!\s*(===|\.length))/i;
    for (const file of sourceFiles(SERVER)) {
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, index) => {
          if (
            comparison.test(line) &&
            !SAME_REQUEST.some((allowed) => line.includes(allowed)) &&
            !/typeof|\.length|=== undefined|!== undefined|=== null|!== null/.test(line)
          ) {
            offenders.push(`${file.slice(SERVER.length)}:${index + 1}: ${line.trim()}`);
          }
        });
    }
    expect(offenders).toEqual([]);
  });
});
