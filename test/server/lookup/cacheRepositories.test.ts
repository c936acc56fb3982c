import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BodenrichtwertEntry } from '#shared/apiTypes.js';
import { typedAddress } from '#server/geocoding/typedAddress.js';
import { GeocodeCacheRepository } from '#server/geocoding/geocodeCacheRepository.js';
import { BrwCacheRepository, coordinateKey } from '#server/lookup/cache/brwCacheRepository.js';
import { createBrwStore, type BrwStoreOptions } from '#server/lookup/cache/brwStore.js';
import { manualClock, type ManualClock } from '../../support/clock.js';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../../support/database.js';
import { captureLogs } from '#dev/service/logs.js';

const entry: BodenrichtwertEntry = {
  nutzungsart: 'Wohnbaufläche',
  code: 'W',
  brw_euro_pro_m2: 250,
  stichtag: '2026-01-01',
  gemeinde: 'Hannover',
  gutachterausschuss: '',
};

/** A store over `repository`: fresh for a day, kept for 30, held in memory for 10 s, unless overridden. */
function storeOver(
  repository: BrwCacheRepository,
  clock: ManualClock,
  overrides: Partial<BrwStoreOptions> = {},
) {
  return createBrwStore({
    repository,
    clock: clock.now,
    logger: captureLogs().logger,
    freshMs: 24 * 3600_000,
    maxAgeMs: 30 * 24 * 3600_000,
    renewalLeaseMs: 60_000,
    hotMs: 10_000,
    ...overrides,
  });
}

describe.each(databaseKinds())('lookup caches on %s', (kind) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await test.dispose();
  });

  it('stores geocodings per normalised address', async () => {
    const repo = new GeocodeCacheRepository(test.db.sequelize);
    const place = {
      lat: 52.1,
      lon: 9.7,
      displayName: 'X 1, Hannover',
      state: 'DE-NI',
      municipality: undefined,
    };
    await repo.save(
      typedAddress('Georgstraße 10,  Hannover'),
      place,
      new Date('2026-11-01T00:00:00Z'),
    );
    expect(await repo.find(typedAddress(' georgstraße 10, HANNOVER'))).toEqual({
      place,
      fetchedAt: new Date('2026-11-01T00:00:00Z'),
    });
    expect(await repo.find(typedAddress('Georgstraße 11, Hannover'))).toBeUndefined();
  });

  it('stores an address the geocoder did not find, and a place found for it later', async () => {
    const repo = new GeocodeCacheRepository(test.db.sequelize);
    const at = new Date('2026-11-02T00:00:00Z');
    await repo.save(typedAddress('Nirgendweg 1, Hannover'), null, at);
    expect(await repo.find(typedAddress('nirgendweg 1, hannover'))).toEqual({
      place: null,
      fetchedAt: at,
    });
    const place = {
      lat: 52.1,
      lon: 9.7,
      displayName: 'Nirgendweg 1',
      state: 'DE-NI',
      municipality: undefined,
    };
    const later = new Date('2026-11-03T00:00:00Z');
    await repo.save(typedAddress('Nirgendweg 1, Hannover'), place, later);
    expect(await repo.find(typedAddress('Nirgendweg 1, Hannover'))).toEqual({
      place,
      fetchedAt: later,
    });
  });

  it('keeps the empty gutachterausschuss of a cached entry', async () => {
    const repo = new BrwCacheRepository(test.db.sequelize);
    await repo.save('k1', [entry], new Date('2026-11-01T00:00:00Z'));
    expect((await repo.find('k1'))?.entries).toEqual([entry]);
  });

  it('keeps the fetch time of the entries to the millisecond for every cached read', async () => {
    const clock = manualClock('2026-11-22T10:00:00.123Z');
    const store = storeOver(new BrwCacheRepository(test.db.sequelize), clock, { hotMs: 0 });
    const fresh = await store.get('fetched', () => Promise.resolve([entry]));
    // The table is written behind the answer, later than the fetch.
    clock.advance(5_000);
    await store.idle();
    clock.advance(3600_000);
    const cached = await store.get('fetched', () => Promise.reject(new Error('not asked')));
    expect(fresh).toMatchObject({ cacheHit: false });
    expect(cached).toMatchObject({ cacheHit: true });
    expect(cached.fetchedAt.toISOString()).toBe('2026-11-22T10:00:00.123Z');
    expect(fresh.fetchedAt.toISOString()).toBe('2026-11-22T10:00:00.123Z');
  });

  it('lets two instances renew a stale entry exactly once between them', async () => {
    const clock = manualClock('2026-11-22T10:00:00Z');
    const key = coordinateKey({ lat: 52.3745, lon: 9.7386 });
    // Two stores, each with its own repository object: two instances on one database.
    // Each instance reads the shared row again on every lookup (hotMs 0).
    const stores = [0, 1].map(() =>
      storeOver(new BrwCacheRepository(test.db.sequelize), clock, { hotMs: 0 }),
    );
    await new BrwCacheRepository(test.db.sequelize).save(key, [entry], clock.now());
    clock.advance(2 * 24 * 3600_000);
    let fetches = 0;
    const fetchFresh = async () => {
      fetches += 1;
      await new Promise((resolve) => setTimeout(resolve, 50));
      return [{ ...entry, brw_euro_pro_m2: 260 }];
    };
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (stores[i % 2] ?? stores[0])?.get(key, fetchFresh)),
    );
    expect(answers.every((a) => a?.stale === true && a.entries[0]?.brw_euro_pro_m2 === 250)).toBe(
      true,
    );
    await Promise.all(stores.map((s) => s?.idle()));
    expect(fetches).toBe(1);
    const renewed = await stores[1]?.get(key, fetchFresh);
    expect(renewed).toMatchObject({ cacheHit: true, stale: false });
    expect(renewed?.entries[0]?.brw_euro_pro_m2).toBe(260);
  });

  it('serves an entry it read from memory for hotMs, then reads the table again', async () => {
    const clock = manualClock('2026-11-22T10:00:00Z');
    const repository = new BrwCacheRepository(test.db.sequelize);
    const store = storeOver(repository, clock);
    let fetches = 0;
    const fetchFresh = () => {
      fetches += 1;
      return Promise.resolve([{ ...entry, brw_euro_pro_m2: 300 + fetches }]);
    };
    await repository.save('hot', [entry], clock.now());
    expect((await store.get('hot', fetchFresh)).entries[0]?.brw_euro_pro_m2).toBe(250);
    // Another instance (or an operator) changes the shared row.
    await repository.save('hot', [{ ...entry, brw_euro_pro_m2: 270 }], clock.now());
    clock.advance(9_999);
    expect((await store.get('hot', fetchFresh)).entries[0]?.brw_euro_pro_m2).toBe(250);
    clock.advance(1);
    expect((await store.get('hot', fetchFresh)).entries[0]?.brw_euro_pro_m2).toBe(270);
    // A deleted row is noticed within hotMs too; the fresh fetch is then read back.
    await repository.remove('hot');
    clock.advance(10_000);
    expect(await store.get('hot', fetchFresh)).toMatchObject({ cacheHit: false });
    expect(await store.get('hot', fetchFresh)).toMatchObject({ cacheHit: true });
    expect(fetches).toBe(1);
  });

  it("serves a fresh entry held in memory without its reader's signal, unless the client has gone", async () => {
    const clock = manualClock('2026-11-22T10:00:00Z');
    const repository = new BrwCacheRepository(test.db.sequelize);
    const store = storeOver(repository, clock);
    const never = () => Promise.reject(new Error('no fetch expected'));
    await repository.save('held', [entry], clock.now());
    const client = new AbortController();
    let signalsAsked = 0;
    const reader = {
      get signal() {
        signalsAsked += 1;
        return client.signal;
      },
      gone: () => client.signal.aborted,
    };
    // The first read reads the table: it joins a run, with the reader's signal.
    await store.get('held', never, { reader });
    expect(signalsAsked).toBe(1);
    expect(await store.get('held', never, { reader })).toMatchObject({
      cacheHit: true,
      stale: false,
    });
    expect(signalsAsked).toBe(1);
    client.abort(new Error('client gone'));
    const afterLeaving = async () => store.get('held', never, { reader });
    await expect(afterLeaving()).rejects.toThrow('client gone');
  });

  it('holds at most hotChars of stored JSON in memory: large outlines displace each other', async () => {
    const clock = manualClock('2026-11-22T10:00:00Z');
    const repository = new BrwCacheRepository(test.db.sequelize);
    const ring = Array.from({ length: 256 }, (_, i): [number, number] => [9 + i / 1e4, 52]);
    const outlined = (euro: number) => [{ ...entry, brw_euro_pro_m2: euro, outline: [ring] }];
    const keys = ['big1', 'big2', 'big3'];
    for (const key of keys) await repository.save(key, outlined(250), clock.now());
    const oneRow = JSON.stringify(outlined(250)).length;
    const store = storeOver(repository, clock, { hotChars: 2 * oneRow + 10 });
    const never = () => Promise.reject(new Error('no fetch expected'));
    for (const key of keys) await store.get(key, never);
    for (const key of keys) await repository.save(key, outlined(251), clock.now());
    const euros = async (key: string) => (await store.get(key, never)).entries[0]?.brw_euro_pro_m2;
    // The newest two rows are held; the first was displaced and is read from the table again.
    expect(await euros('big3')).toBe(250);
    expect(await euros('big2')).toBe(250);
    expect(await euros('big1')).toBe(251);
  });

  it('gives a failed renewal back so the next stale read tries again', async () => {
    const clock = manualClock('2026-11-22T10:00:00Z');
    const repository = new BrwCacheRepository(test.db.sequelize);
    const store = storeOver(repository, clock, { freshMs: 1000, maxAgeMs: 100_000 });
    await repository.save('k2', [entry], clock.now());
    clock.advance(5000);
    let attempts = 0;
    const failing = () => {
      attempts += 1;
      return Promise.reject(new Error('source down'));
    };
    await store.get('k2', failing);
    await store.idle();
    await store.get('k2', failing);
    await store.idle();
    expect(attempts).toBe(2);
  });
});
