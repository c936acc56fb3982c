// The quota step of a whole batch (QuotaService.reserveLookups): its new
// lookups counted together in a few statements however large the batch, its
// recorded ones free, each key then settled like a single lookup; and nothing
// counted where the keys do not all fit, so the batch falls back to one step
// per key in input order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPlatformServices,
  type PlatformServices,
} from '#server/accounts/platformServices.js';
import type { Plan } from '#shared/apiTypes.js';
import { manualClock, type ManualClock } from '../../support/clock.js';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../../support/database.js';

const keys = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, i) => `${prefix}${String(i).padStart(4, '0')}`);

describe.each(databaseKinds())('the quota step of a batch on %s', (kind) => {
  let test: TestDatabase;
  let clock: ManualClock;
  let services: PlatformServices;
  let statements = 0;

  beforeAll(async () => {
    test = await openTestDatabase(kind);
    clock = manualClock('2026-11-10T10:00:00Z');
    services = createPlatformServices(test.db.sequelize, clock.now, {
      billingUrl: 'https://brw.example/billing',
      paymentGraceDays: 14,
    });
    test.db.sequelize.addHook('beforeQuery', () => {
      statements += 1;
    });
  });
  afterAll(async () => {
    await test.dispose();
  });

  let seq = 0;
  async function account(plan: Plan, trial: 'running' | 'over') {
    seq += 1;
    const user = await services.accounts.create({ email: `b${seq}@example.de`, plan });
    if (trial === 'over') await services.accounts.setTrialExpiry(user.id, null);
    return user.id;
  }
  async function usage(id: string) {
    const profile = await services.profiles.getProfile(id);
    return { month: profile?.usage_this_month, trial: profile?.trial_usage };
  }
  /** The statements `work` sends. */
  async function counted<T>(work: () => Promise<T>): Promise<{ result: T; statements: number }> {
    const before = statements;
    const result = await work();
    return { result, statements: statements - before };
  }

  it('counts 100 new lookups in a few statements and leaves recorded ones free', async () => {
    const id = await account('pro', 'over');
    const recorded = keys('old', 3);
    for (const key of recorded) await (await services.quota.reserveLookup(id, key)).confirm();
    const batch = [...recorded, ...keys('new', 97)];
    const { result, statements: sent } = await counted(() =>
      services.quota.reserveLookups(id, batch),
    );
    expect(sent).toBeLessThanOrEqual(4);
    expect(result?.size).toBe(100);
    expect(await usage(id)).toMatchObject({ month: 100 });
    // Each key is settled like a single lookup: an answer records it, an error gives its count back.
    await result?.get('new0000')?.confirm();
    await result?.get('new0001')?.release();
    await result?.get('new0001')?.release();
    await result?.get('old0000')?.release();
    expect(await usage(id)).toMatchObject({ month: 99 });
    expect(await services.quota.reserveLookups(id, ['new0000', 'new0001'])).not.toBeNull();
    expect(await usage(id)).toMatchObject({ month: 100 });
  });

  it('counts nothing where the batch does not fit the cap', async () => {
    const id = await account('starter', 'over');
    await services.quota.reserveLookups(id, keys('first', 40));
    expect(await services.quota.reserveLookups(id, keys('second', 11))).toBeNull();
    expect(await usage(id)).toMatchObject({ month: 40 });
    expect((await services.quota.reserveLookups(id, keys('second', 10)))?.size).toBe(10);
    expect(await usage(id)).toMatchObject({ month: 50 });
  });

  it('counts in the trial while it has room for all, then under the plan', async () => {
    const id = await account('enterprise', 'running');
    const first = await services.quota.reserveLookups(id, keys('a', 100));
    expect(first?.size).toBe(100);
    expect(await usage(id)).toEqual({ month: 100, trial: 100 });
    await first?.get('a0000')?.release();
    expect(await usage(id)).toEqual({ month: 99, trial: 99 });
    // Room for one in the trial: the keys go one by one, the first into the trial.
    expect(await services.quota.reserveLookups(id, keys('b', 2))).toBeNull();
    expect(await usage(id)).toEqual({ month: 99, trial: 99 });
    await services.quota.reserveLookup(id, 'b0000');
    expect((await services.quota.reserveLookups(id, keys('c', 100)))?.size).toBe(100);
    expect(await usage(id)).toEqual({ month: 200, trial: 100 });
  });

  it('counts under the plan when a concurrent batch used the trial up meanwhile', async () => {
    const id = await account('enterprise', 'running');
    const [one, two] = await Promise.all([
      services.quota.reserveLookups(id, keys('x', 100)),
      services.quota.reserveLookups(id, keys('y', 100)),
    ]);
    expect([one?.size, two?.size]).toEqual([100, 100]);
    expect(await usage(id)).toEqual({ month: 200, trial: 100 });
  });

  it('leaves a blocked payment to the single steps, which refuse it', async () => {
    const id = await account('pro', 'over');
    await services.accounts.setPayment(id, 'past_due', new Date('2026-10-01T00:00:00Z'));
    expect(await services.quota.reserveLookups(id, keys('p', 5))).toBeNull();
    await expect(services.quota.reserveLookup(id, 'p0000')).rejects.toMatchObject({
      code: 'payment_past_due',
    });
    expect(await usage(id)).toMatchObject({ month: 0 });
  });
});
