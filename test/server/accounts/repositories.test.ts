import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UsageRepository } from '#server/accounts/usageRepository.js';
import { AccountRepository, type NewAccount } from '#server/accounts/accountRepository.js';
import { ApiKeyRepository } from '#server/apiKeys/apiKeyRepository.js';
import { migrate } from '#server/db/migrate.js';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../../support/database.js';

const now = new Date('2026-11-22T10:00:00.000Z');

function newUser(overrides: Partial<NewAccount> = {}): NewAccount {
  return {
    id: randomUUID(),
    email: `${randomUUID()}@example.de`,
    passwordHash: null,
    plan: 'free',
    trialStartedAt: now,
    trialExpiresAt: new Date(now.getTime() + 14 * 86_400_000),
    createdAt: now,
    ...overrides,
  };
}

describe.each(databaseKinds())('account repositories on %s', (kind) => {
  let test: TestDatabase;
  let users: AccountRepository;
  let usage: UsageRepository;
  let keys: ApiKeyRepository;

  beforeAll(async () => {
    test = await openTestDatabase(kind);
    users = new AccountRepository(test.db.sequelize);
    usage = new UsageRepository(test.db.sequelize);
    keys = new ApiKeyRepository(test.db.sequelize);
  });
  afterAll(async () => {
    await test.dispose();
  });

  it('runs the migrations only once', async () => {
    expect(await migrate(test.db.sequelize)).toEqual([]);
  });

  it('stores and finds users with their dates intact', async () => {
    const created = await users.create(newUser({ email: 'anna@example.de', plan: 'starter' }));
    const found = await users.findByEmail('anna@example.de');
    expect(found).toEqual(created);
    expect(found?.trialExpiresAt?.toISOString()).toBe('2026-12-06T10:00:00.000Z');
    expect(found?.trialUsage).toBe(0);
    expect(found?.paymentStatus).toBe('ok');
    await expect(users.create(newUser({ email: 'anna@example.de' }))).rejects.toThrow();
  });

  it('changes plan and payment state', async () => {
    const user = await users.create(newUser());
    expect(await users.update(user.id, { paymentStatus: 'past_due', pastDueSince: now })).toBe(
      true,
    );
    expect(await users.update(randomUUID(), { plan: 'pro' })).toBe(false);
    const found = await users.findById(user.id);
    expect(found?.paymentStatus).toBe('past_due');
    expect(found?.pastDueSince?.toISOString()).toBe(now.toISOString());
  });

  it('never counts a monthly lookup past its cap, even with 100 concurrent reservations', async () => {
    const user = await users.create(newUser());
    const results = await Promise.all(
      Array.from({ length: 100 }, () => usage.reserve(user.id, '2026-11', 10)),
    );
    expect(results.filter(Boolean)).toHaveLength(10);
    expect((await usage.month(user.id, '2026-11')).lookups).toBe(10);
    await usage.release(user.id, '2026-11');
    expect((await usage.month(user.id, '2026-11')).lookups).toBe(9);
    expect((await usage.month(user.id, '2026-12')).lookups).toBe(0);
  });

  it('counts without a cap when the cap is null', async () => {
    const user = await users.create(newUser());
    await Promise.all(Array.from({ length: 20 }, () => usage.reserve(user.id, '2026-11', null)));
    expect((await usage.month(user.id, '2026-11')).lookups).toBe(20);
  });

  it('keeps free failing lookups within their bound, even with 150 concurrent failures', async () => {
    const user = await users.create(newUser());
    await usage.reserve(user.id, '2026-11', null);
    const results = await Promise.all(
      Array.from({ length: 150 }, () => usage.takeFreeFailure(user.id, '2026-11', 100)),
    );
    expect(results.filter(Boolean)).toHaveLength(100);
    expect(await usage.month(user.id, '2026-11')).toEqual({ lookups: 1, failedLookups: 100 });
    expect(await usage.takeFreeFailure(user.id, '2026-11', null)).toBe(true);
  });

  it('counts trial lookups only while the trial runs and below its cap', async () => {
    const user = await users.create(newUser());
    const results = await Promise.all(
      Array.from({ length: 30 }, () => users.reserveTrialLookup(user.id, now, 10)),
    );
    expect(results.filter(Boolean)).toHaveLength(10);
    await users.releaseTrialLookup(user.id);
    expect((await users.findById(user.id))?.trialUsage).toBe(9);
    const afterTrial = new Date('2026-12-06T10:00:00.001Z');
    expect(await users.reserveTrialLookup(user.id, afterTrial, 10)).toBe(false);
  });

  it('stores API keys by hash, revokes them once and throttles last-used writes', async () => {
    const user = await users.create(newUser());
    const key = await keys.create({
      id: randomUUID(),
      accountId: user.id,
      name: 'Excel',
      prefix: 'brw_live_abcd',
      keyHash: 'a'.repeat(64),
      expiresAt: null,
      createdAt: now,
    });
    expect(await keys.findByHash('a'.repeat(64))).toEqual(key);
    expect(await keys.findByHash('b'.repeat(64))).toBeNull();

    await keys.touchLastUsed(key.id, now, new Date(now.getTime() - 60_000));
    const later = new Date(now.getTime() + 30_000);
    await keys.touchLastUsed(key.id, later, new Date(later.getTime() - 60_000));
    expect((await keys.findById(key.id))?.lastUsedAt?.toISOString()).toBe(now.toISOString());

    expect(await keys.revoke(key.id, later)).toBe(true);
    expect(await keys.revoke(key.id, later)).toBe(false);
    expect((await keys.listByAccount(user.id)).map((k) => k.revokedAt?.toISOString())).toEqual([
      later.toISOString(),
    ]);
  });
});
