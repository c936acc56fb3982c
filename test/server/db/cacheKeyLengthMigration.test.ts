// The land-value cache keeps a parcel's dated key ("flurstueck:", a
// 20-character Kennzeichen, "@YYYY-MM-DD" and the zone set's "#z<id>": 47
// characters) on both databases; before 090-cache-key-length MariaDB refused
// every key over 40 characters ("Data too long for column").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrwCacheRepository } from '#server/lookup/cache/brwCacheRepository.js';
import { cacheKeyLengthMigration } from '#server/db/migrations/090-cache-key-length.js';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../../support/database.js';

const PARCEL_KEY = 'flurstueck:05123400100012300045#z12@2020-12-31';

describe.each(databaseKinds())('090-cache-key-length on %s', (kind) => {
  let test: TestDatabase;

  beforeAll(async () => {
    test = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await test.dispose();
  });

  it('keeps a dated parcel key of 47 characters', async () => {
    const cache = new BrwCacheRepository<string[]>(test.db.sequelize);
    const fetchedAt = new Date('2026-12-01T10:00:00.000Z');
    await cache.save(PARCEL_KEY, ['zone'], fetchedAt);
    expect(await cache.find(PARCEL_KEY)).toMatchObject({ entries: ['zone'] });
  });

  it.runIf(kind === 'mysql')('refused it with the old 40-character column', async () => {
    const { sequelize } = test.db;
    const context = { queryInterface: sequelize.getQueryInterface(), sequelize };
    const cache = new BrwCacheRepository<string[]>(sequelize);
    await cache.remove(PARCEL_KEY);
    await cacheKeyLengthMigration.down(context);
    try {
      await expect(cache.save(PARCEL_KEY, ['zone'], new Date())).rejects.toThrow(/too long/i);
    } finally {
      await cacheKeyLengthMigration.up(context);
    }
  });
});
