// The password hasher runs one scrypt at a time (the libuv pool stays free
// for the database), refuses work past its waiting room with 503, and checks
// unknown accounts against a dummy hash so they cost the same work.
import { describe, expect, it, vi } from 'vitest';
import type * as NodeCrypto from 'node:crypto';

const probe = vi.hoisted(() => ({ calls: 0, running: 0, most: 0, costs: [] as string[] }));
vi.mock('node:crypto', async (importOriginal) => {
  const crypto = await importOriginal<typeof NodeCrypto>();
  return {
    ...crypto,
    scrypt: (...args: Parameters<typeof crypto.scrypt>) => {
      probe.calls += 1;
      probe.running += 1;
      probe.most = Math.max(probe.most, probe.running);
      const { N, r, p } = args[3] as NodeCrypto.ScryptOptions;
      probe.costs.push(`${N}/${r}/${p}`);
      const callback = args[args.length - 1] as (err: Error | null, key: Buffer) => void;
      const rest = args.slice(0, -1) as [string, Buffer, number, NodeCrypto.ScryptOptions];
      crypto.scrypt(...rest, (err, key) => {
        probe.running -= 1;
        callback(err, key);
      });
    },
  };
});

const { PasswordHasher } = await import('#server/accounts/passwordHasher.js');
const { hashPassword, needsRehash } = await import('#server/accounts/password.js');
const { scryptCost } = await import('#server/config/scryptCost.js');

describe('PasswordHasher', () => {
  it('hashes one password at a time and refuses more than its waiting room with 503', async () => {
    const hasher = new PasswordHasher(2);
    probe.most = 0;
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, (_, i) => hasher.hash(`Passwort-${i}-lang`)),
    );
    expect(probe.most).toBe(1);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    const refused = results.filter((r) => r.status === 'rejected');
    expect(refused).toHaveLength(2);
    expect(refused[0]).toMatchObject({ reason: { code: 'service_error', status: 503 } });
  });

  it('hashes at N=2^17, r=8, p=1 and verifies the password', async () => {
    const hasher = new PasswordHasher();
    const stored = await hasher.hash('Grundstück-2026');
    expect(stored.startsWith('scrypt$131072$8$1$')).toBe(true);
    expect(needsRehash(stored)).toBe(false);
    expect(needsRehash('scrypt$16384$8$1$c2FsdA$aGFzaA')).toBe(true);
    expect(await hasher.verify('Grundstück-2026', stored)).toBe(true);
    expect(await hasher.verify('grundstück-2026', stored)).toBe(false);
  });

  it('spends the same scrypt work on an account without a password hash', async () => {
    const hasher = new PasswordHasher();
    const stored = await hasher.hash('Grundstück-2026');
    await hasher.verify('warm-up', null);
    const known = probe.calls;
    expect(await hasher.verify('falsch-falsch-1', stored)).toBe(false);
    const unknown = probe.calls;
    expect(await hasher.verify('falsch-falsch-1', null)).toBe(false);
    expect(probe.calls - unknown).toBe(unknown - known);
  });

  it('hashes at a configured OWASP setting, dummy included, and verifies hashes of any cost', async () => {
    const hasher = new PasswordHasher(2, scryptCost(13));
    const stored = await hasher.hash('Grundstück-2026');
    expect(stored.startsWith('scrypt$8192$8$10$')).toBe(true);
    expect(hasher.needsRehash(stored)).toBe(false);
    probe.costs = [];
    expect(await hasher.verify('falsch-falsch-1', null)).toBe(false);
    expect(probe.costs).toEqual(['8192/8/10', '8192/8/10']);
    // A hash of the default cost still verifies and is due to be replaced, as is an older one.
    const strong = await hashPassword('Grundstück-2026');
    expect(await hasher.verify('Grundstück-2026', strong)).toBe(true);
    expect(hasher.needsRehash(strong)).toBe(true);
    expect(hasher.needsRehash('scrypt$16384$8$1$c2FsdA$aGFzaA')).toBe(true);
  });
});
