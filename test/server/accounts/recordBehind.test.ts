// An answered lookup recorded behind its answer (the service's RecordBehind):
// the answer does not wait for the row, a repetition meanwhile is free, and a
// record that fails is forgotten, so the repetition is counted again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DistinctLookupRepository } from '#server/accounts/distinctLookupRepository.js';
import {
  createPlatformServices,
  type PlatformServices,
} from '#server/accounts/platformServices.js';
import { manualClock } from '../../support/clock.js';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../../support/database.js';

const KEY = 'a'.repeat(64);
const PERIOD = '2026-11';

describe.each(databaseKinds())('lookups recorded behind the answer on %s', (kind) => {
  let test: TestDatabase;
  let services: PlatformServices;
  /** The writes handed to RecordBehind, run when the test says. */
  const held: { key: string; write: () => Promise<void> }[] = [];

  beforeAll(async () => {
    test = await openTestDatabase(kind);
    const clock = manualClock('2026-11-10T10:00:00Z');
    services = createPlatformServices(
      test.db.sequelize,
      clock.now,
      { billingUrl: 'https://brw.example/billing', paymentGraceDays: 14 },
      (key, write) => held.push({ key, write }),
    );
  });
  afterAll(async () => {
    await test.dispose();
  });

  async function usage(id: string) {
    const profile = await services.profiles.getProfile(id);
    return [profile?.usage_this_month, profile?.distinct_lookups_this_month];
  }

  it('confirms before the row is written and keeps a repetition free meanwhile', async () => {
    const { id } = await services.accounts.create({ email: 'behind@example.de', plan: 'pro' });
    await (await services.quota.reserveLookup(id, KEY)).confirm();
    expect(held.map(({ key }) => key)).toEqual([`${id}|${PERIOD}|${KEY}`]);
    expect(await usage(id)).toEqual([1, 0]);
    // The repetition is free before the row exists: nothing counted, nothing to record.
    await (await services.quota.reserveLookup(id, KEY)).confirm();
    expect(held).toHaveLength(1);
    await held.shift()?.write();
    expect(await usage(id)).toEqual([1, 1]);
  });

  it('gives the count back where a concurrent identical lookup recorded first', async () => {
    const { id } = await services.accounts.create({ email: 'twice@example.de', plan: 'pro' });
    const [first, second] = await Promise.all([
      services.quota.reserveLookup(id, KEY),
      services.quota.reserveLookup(id, KEY),
    ]);
    expect(await usage(id)).toEqual([2, 0]);
    await first?.confirm();
    await second?.confirm();
    for (const { write } of held.splice(0)) await write();
    expect(await usage(id)).toEqual([1, 1]);
  });

  it('forgets a lookup whose record failed, so its repetition counts again', async () => {
    const distinct = new DistinctLookupRepository(test.db.sequelize);
    // No such account: the row's foreign key refuses it.
    distinct.remember('no-such-account', PERIOD, KEY);
    expect(distinct.knows('no-such-account', PERIOD, KEY)).toBe(true);
    await expect(distinct.record('no-such-account', PERIOD, KEY)).rejects.toThrow();
    expect(distinct.knows('no-such-account', PERIOD, KEY)).toBe(false);
  });
});
