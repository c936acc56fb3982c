// The quota check may reuse an account this instance read within
// API_KEY_CACHE_SECONDS: a change made on another instance applies within
// that time, a change made through this instance and any upgrade at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPlatformServices,
  type PlatformServices,
} from '#server/accounts/platformServices.js';
import { isAppError } from '#shared/errors.js';
import { manualClock, type ManualClock } from '../../support/clock.js';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../../support/database.js';

describe.each(databaseKinds())('account copy of the quota check on %s', (kind) => {
  let test: TestDatabase;
  let clock: ManualClock;
  /** Two instances on one database, each trusting an account it read for 10 s. */
  let here: PlatformServices;
  let there: PlatformServices;

  beforeAll(async () => {
    test = await openTestDatabase(kind);
    clock = manualClock('2026-11-10T10:00:00Z');
    const instance = () =>
      createPlatformServices(test.db.sequelize, clock.now, {
        billingUrl: 'https://brw.example/dashboard/billing',
        paymentGraceDays: 14,
        apiKeyCacheSeconds: 10,
      });
    here = instance();
    there = instance();
  });
  afterAll(async () => {
    await test.dispose();
  });

  let seq = 0;
  async function account(plan: 'starter' | 'pro') {
    seq += 1;
    const user = await here.accounts.create({ email: `c${seq}@example.de`, plan });
    await here.accounts.setTrialExpiry(user.id, null);
    return user.id;
  }
  async function refusalCode(services: PlatformServices, id: string) {
    const error: unknown = await services.quota.reserve(id).then(
      () => null,
      (err: unknown) => err,
    );
    return isAppError(error) ? error.code : error;
  }

  it('applies a payment block made on another instance within 10 s', async () => {
    const id = await account('pro');
    await here.quota.reserve(id);
    await there.accounts.setPayment(id, 'past_due', new Date('2026-10-01T00:00:00Z'));
    clock.advance(9_999);
    expect(await refusalCode(here, id)).toBeNull();
    clock.advance(1);
    expect(await refusalCode(here, id)).toBe('payment_past_due');
  });

  it('applies a change made through the same instance at once', async () => {
    const id = await account('pro');
    await here.quota.reserve(id);
    await here.accounts.setPayment(id, 'past_due', new Date('2026-10-01T00:00:00Z'));
    expect(await refusalCode(here, id)).toBe('payment_past_due');
  });

  it('checks a refusal against a fresh read, so an upgrade elsewhere applies at once', async () => {
    const id = await account('starter');
    for (let i = 0; i < 50; i += 1) await here.quota.reserve(id);
    expect(await refusalCode(here, id)).toBe('limit_reached');
    await there.accounts.setPlan(id, 'pro');
    expect(await refusalCode(here, id)).toBeNull();
    expect((await here.profiles.getProfile(id))?.usage_this_month).toBe(51);
  });
});
