// Concurrent reservations of one account and month share one UPDATE while
// the cap still holds exactly; so do reservations that also check the
// lookup's record (SQLite's path), each told whether it counted.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UsageRepository } from '#server/accounts/usageRepository.js';
import { AccountRepository } from '#server/accounts/accountRepository.js';
import { DistinctLookupRepository } from '#server/accounts/distinctLookupRepository.js';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../../support/database.js';

const now = new Date('2026-11-22T10:00:00.000Z');
const PERIOD = '2026-11';

describe.each(databaseKinds())('batched usage reservations on %s', (kind) => {
  let test: TestDatabase;
  let users: AccountRepository;
  let usage: UsageRepository;
  let distinct: DistinctLookupRepository;
  let updates = 0;

  beforeAll(async () => {
    test = await openTestDatabase(kind);
    users = new AccountRepository(test.db.sequelize);
    usage = new UsageRepository(test.db.sequelize);
    distinct = new DistinctLookupRepository(test.db.sequelize);
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

  /** Reserves `count` new keys and every recorded key of the month, all at once. */
  async function reserveUnrecorded(
    id: string,
    count: number,
    cap: number | null,
    recorded: string[],
  ) {
    const keys = [...Array.from({ length: count }, (_, i) => `new-${i}`), ...recorded];
    const counted = await Promise.all(
      keys.map((key) => usage.reserveUnlessRecorded(id, PERIOD, cap, key)),
    );
    return new Map(keys.map((key, i) => [key, counted[i]]));
  }

  async function recordAll(id: string, keys: string[]): Promise<void> {
    for (const key of keys) expect(await distinct.record(id, PERIOD, key)).toBe(true);
  }

  it('counts 200 concurrent new lookups, none of 50 recorded ones, with a handful of statements', async () => {
    const id = await userWithMonth(1);
    const recorded = Array.from({ length: 50 }, (_, i) => `old-${i}`);
    await recordAll(id, recorded);
    updates = 0;
    const counted = await reserveUnrecorded(id, 200, null, recorded);
    expect([...counted].filter(([, c]) => c).map(([key]) => key)).toEqual(
      Array.from({ length: 200 }, (_, i) => `new-${i}`),
    );
    expect((await usage.month(id, PERIOD)).lookups).toBe(201);
    expect(updates).toBeGreaterThan(0);
    expect(updates).toBeLessThan(10);
  });

  it('lets exactly the remaining 7 of 100 concurrent new lookups through a cap, recorded ones never', async () => {
    const id = await userWithMonth(43);
    const recorded = ['old-a', 'old-b', 'old-c'];
    await recordAll(id, recorded);
    const counted = await reserveUnrecorded(id, 100, 50, recorded);
    expect([...counted.values()].filter(Boolean)).toHaveLength(7);
    for (const key of recorded) expect(counted.get(key)).toBe(false);
    expect((await usage.month(id, PERIOD)).lookups).toBe(50);
  });
});
