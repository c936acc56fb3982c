// The background watch on a real database (SQLite, and MariaDB when set):
// every instance answers with the same reading, a state is asked at most
// once a day however many instances run, and a failing read keeps the last
// reading. Time comes from a manual clock.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOfferFake, type OfferFake } from '#dev/fakes/offerFake.js';
import { captureLogs } from '#dev/service/logs.js';
import { createCurrencyWatch } from '#server/sources/currency/currencyWatch.js';
import { SourceOfferRepository } from '#server/sources/currency/sourceOfferRepository.js';
import type { SourceRegistry } from '#server/sources/registry.js';
import type { ConfiguredSource } from '#server/sources/sourceDefinition.js';
import { manualClock } from '../../../support/clock.js';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../../../support/database.js';
import { upstream } from '../stateSupport.js';

const HOUR = 3600_000;

function hessenAt(fake: OfferFake): SourceRegistry {
  const source = {
    state: 'DE-HE',
    name: 'Hessen',
    kind: 'wfs-gml',
    license: 'dl-de/zero-2-0',
    owners: ['HVBG'],
    sourceUrl: 'https://example.test/',
    fields: { brw: 'bodenrichtwert', stichtag: 'stichtag', nutzung: 'art' },
    options: { url: `${fake.url}/year/{year}/wfs` },
    history: { kind: 'year-endpoints', since: 2020 },
    currency: {
      cycle: { every: 'biennial', years: 'even', publishedBy: '04-30' },
      offer: { kind: 'year-endpoints', service: 'WFS' },
      secondRoute: { status: 'none-known', reason: 'test' },
    },
    enabled: true,
  } satisfies ConfiguredSource;
  const entry = {
    status: 'configured' as const,
    source,
    adapter: { recordsAt: () => Promise.resolve([]) },
    numberFormat: 'xml' as const,
  };
  return { forState: (state) => (state === 'DE-HE' ? entry : undefined) };
}

describe.each(databaseKinds())('the currency watch on %s', (kind) => {
  let db: TestDatabase;
  let fake: OfferFake;
  const clock = manualClock('2026-11-22T03:00:00Z');
  const logs = captureLogs();
  const watch = () =>
    createCurrencyWatch({
      registry: hessenAt(fake),
      repository: new SourceOfferRepository(db.db.sequelize),
      upstream,
      clock: clock.now,
      logger: logs.logger,
    });
  beforeAll(async () => {
    db = await openTestDatabase(kind);
    fake = await startOfferFake({
      typeName: 'boris:x',
      namespaces: { boris: 'urn:b' },
      features: [],
    });
    fake.published = new Set([2022, 2024]);
  });
  afterAll(async () => {
    await fake.close();
    await db.dispose();
  });

  it('reads once a day for all instances and gives every instance the reading', async () => {
    const first = watch();
    const second = watch();
    await first.tick();
    const asked = fake.requests.length;
    expect(first.of('DE-HE')).toEqual({ stichtag: '2024-01-01', readAt: clock.now() });
    await second.tick();
    expect(fake.requests).toHaveLength(asked);
    expect(second.of('DE-HE')?.stichtag).toBe('2024-01-01');

    // Hessen publishes 2026; within the day nobody asks, a day later one instance does.
    fake.published.add(2026);
    clock.advance(12 * HOUR);
    await second.tick();
    expect(fake.requests).toHaveLength(asked);
    clock.advance(12 * HOUR);
    await second.tick();
    expect(second.of('DE-HE')?.stichtag).toBe('2026-01-01');
    expect(first.of('DE-HE')?.stichtag).toBe('2024-01-01');
    await first.load();
    expect(first.of('DE-HE')).toEqual({ stichtag: '2026-01-01', readAt: clock.now() });
  });

  it('keeps the last reading when the service fails, and says so in the log', async () => {
    const instance = watch();
    await instance.load();
    const before = instance.of('DE-HE');
    fake.failWith = 500;
    clock.advance(24 * HOUR);
    await instance.tick();
    fake.failWith = undefined;
    expect(instance.of('DE-HE')).toEqual(before);
    expect(logs.text()).toContain('offered stichtag not readable');
  });

  it('stops without a pending timer', async () => {
    const instance = watch();
    instance.start(60_000);
    await instance.stop();
  });
});
