// Concurrent reservations of one account and month share one UPDATE while
// the cap still holds exactly.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UsageRepository } from '#server/accounts/usageRepository.js';
import { AccountRepository } from '#server/accounts/accountRepository.js';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../../support/database.js';

const now = new Date('2026-11-22T10:00:00.000Z');
const PERIOD = '2026-11';

describe.each(databaseKinds())('batched usage reservations on %s', (kind) => {
  let test: TestDatabase;
  let users: AccountRepository;
  let usage: UsageRepository;
  let updates = 0;

  beforeAll(async () => {
    test = await openTestDatabase(kind);
    users = new AccountRepository(test.db.sequelize);
    usage = new UsageRepository(test.db.sequelize);
    // The count is raw SQL (no model hook), so the statements are counted as sent.
    test.db.sequelize.addHook('afterQuery', (_options, query) => {
      if (/^UPDATE\b/i.test((query as { sql?: string }).sql ?? '')) updates += 1;
    });
  });
  afterAll(async () => {
    await test.dispose();
  });

  async function userWithMonth(used: number): Promise<string> {
    const id = randomUUID();
    await users.create({
      id,
      email: `${id}@example.de`,
      passwordHash: null,
      plan: 'pro',
      trialStartedAt: null,
      trialExpiresAt: null,
      createdAt: now,
    });
    for (let i = 0; i < used; i += 1) await usage.reserve(id, PERIOD, null);
    return id;
  }

  const reserveAll = (id: string, count: number, cap: number | null) =>
    Promise.all(Array.from({ length: count }, () => usage.reserve(id, PERIOD, cap)));

  it('counts 200 concurrent reservations with a handful of statements', async () => {
    const id = await userWithMonth(1);
    updates = 0;
    const counted = await reserveAll(id, 200, null);
    expect(counted.every(Boolean)).toBe(true);
    expect((await usage.month(id, PERIOD)).lookups).toBe(201);
    expect(updates).toBeGreaterThan(0);
    expect(updates).toBeLessThan(10);
  });

  it('lets exactly the remaining 7 of 100 concurrent reservations through a cap', async () => {
    const id = await userWithMonth(43);
    const counted = await reserveAll(id, 100, 50);
    expect(counted.filter(Boolean)).toHaveLength(7);
    expect((await usage.month(id, PERIOD)).lookups).toBe(50);
  });

  it('keeps batches of different caps apart', async () => {
    const id = await userWithMonth(48);
    const [capped, uncapped] = await Promise.all([reserveAll(id, 5, 50), reserveAll(id, 5, null)]);
    expect(uncapped.every(Boolean)).toBe(true);
    expect(capped.filter(Boolean).length).toBeLessThanOrEqual(2);
    expect((await usage.month(id, PERIOD)).lookups).toBe(53 + capped.filter(Boolean).length);
  });
});
