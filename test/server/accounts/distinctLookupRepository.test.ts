// The distinct-lookup records on SQLite and MariaDB: the primary key decides
// between concurrent identical records, also from two processes (two
// repositories over one database); counts and pruning per billing month.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DistinctLookupRepository } from '#server/accounts/distinctLookupRepository.js';
import { AccountRepository } from '#server/accounts/accountRepository.js';
import { typedAddress } from '#server/geocoding/typedAddress.js';
import { lookupKey } from '#server/lookup/lookupKey.js';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../../support/database.js';

const now = new Date('2026-11-22T10:00:00.000Z');
const key = (address: string) => lookupKey({ address: typedAddress(address), filter: [] });

describe.each(databaseKinds())('distinct lookups on %s', (kind) => {
  let test: TestDatabase;
  let here: DistinctLookupRepository;
  let there: DistinctLookupRepository;
  let users: AccountRepository;

  beforeAll(async () => {
    test = await openTestDatabase(kind);
    here = new DistinctLookupRepository(test.db.sequelize);
    there = new DistinctLookupRepository(test.db.sequelize);
    users = new AccountRepository(test.db.sequelize);
  });
  afterAll(async () => {
    await test.dispose();
  });

  async function newUserId(): Promise<string> {
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
    return id;
  }

  it('knows a failing lookup as recorded, but counts only the answered ones', async () => {
    const id = await newUserId();
    expect(await here.record(id, '2026-11', key('Nirgendweg 1'), true)).toBe(true);
    expect(await here.record(id, '2026-11', key('Georgstraße 10'))).toBe(true);
    expect(await there.has(id, '2026-11', key('Nirgendweg 1'))).toBe(true);
    expect(await there.record(id, '2026-11', key('Nirgendweg 1'))).toBe(false);
    expect(await here.count(id, '2026-11')).toBe(1);
  });

  it('records a lookup once; every process then knows it', async () => {
    const id = await newUserId();
    expect(await here.has(id, '2026-11', key('Georgstraße 10'))).toBe(false);
    expect(await here.record(id, '2026-11', key('Georgstraße 10'))).toBe(true);
    expect(await there.record(id, '2026-11', key('georgstraße  10'))).toBe(false);
    expect(await there.has(id, '2026-11', key('GEORGSTRASSE 10'))).toBe(false);
    expect(await there.has(id, '2026-11', key(' Georgstraße 10 '))).toBe(true);
    expect(await here.count(id, '2026-11')).toBe(1);
  });

  it('lets exactly one of 40 concurrent identical records from two processes win', async () => {
    const id = await newUserId();
    const outcomes = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        (i % 2 === 0 ? here : there).record(id, '2026-11', key('Obernstraße 20')),
      ),
    );
    expect(outcomes.filter(Boolean)).toHaveLength(1);
    expect(await there.count(id, '2026-11')).toBe(1);
  });

  it('keeps months apart and drops earlier months once a new month is recorded', async () => {
    const id = await newUserId();
    await here.record(id, '2026-10', key('Prinzipalmarkt 10'));
    await here.record(id, '2026-10', key('Wilhelmstraße 20'));
    expect(await here.has(id, '2026-11', key('Prinzipalmarkt 10'))).toBe(false);
    await there.record(id, '2026-11', key('Prinzipalmarkt 10'));
    expect(await there.count(id, '2026-10')).toBe(0);
    expect(await there.count(id, '2026-11')).toBe(1);
  });

  it('tells each of many concurrent records of different lookups whether it was the first', async () => {
    const id = await newUserId();
    await there.record(id, '2026-11', key('Domplatz 1'));
    const addresses = [
      'Domplatz 1',
      ...Array.from({ length: 30 }, (_, i) => `Domplatz ${i + 2}`),
      'Domplatz 2',
    ];
    const outcomes = await Promise.all(
      addresses.map((address, i) => here.record(id, '2026-11', key(address), i % 3 === 0)),
    );
    expect(outcomes[0]).toBe(false);
    expect(outcomes.slice(1, 31).every(Boolean)).toBe(true);
    expect(outcomes[31]).toBe(false);
    expect(await there.has(id, '2026-11', key('Domplatz 31'))).toBe(true);
    // Every third is a failing lookup; the one recorded before was answered.
    expect(await there.count(id, '2026-11')).toBe(1 + 30 - 10);
  });
});
