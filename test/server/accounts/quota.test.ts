import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPlatformServices,
  type PlatformServices,
} from '#server/accounts/platformServices.js';
import type { Plan } from '#shared/apiTypes.js';
import { isAppError } from '#shared/errors.js';
import { manualClock, type ManualClock } from '../../support/clock.js';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../../support/database.js';

const BILLING_URL = 'https://brw.example/dashboard/billing';
const DAY_MS = 86_400_000;

describe.each(databaseKinds())('quota, plans and trial on %s', (kind) => {
  let test: TestDatabase;
  let clock: ManualClock;
  let services: PlatformServices;

  beforeAll(async () => {
    test = await openTestDatabase(kind);
    clock = manualClock('2026-11-10T10:00:00Z');
    services = createPlatformServices(test.db.sequelize, clock.now, {
      billingUrl: BILLING_URL,
      paymentGraceDays: 14,
    });
  });
  afterAll(async () => {
    await test.dispose();
  });

  let seq = 0;
  async function account(plan: Plan = 'free', trial: 'running' | 'over' = 'running') {
    clock.set('2026-11-10T10:00:00Z');
    seq += 1;
    const user = await services.accounts.create({ email: `q${seq}@example.de`, plan });
    if (trial === 'over') await services.accounts.setTrialExpiry(user.id, null);
    return user.id;
  }
  async function profile(id: string) {
    const found = await services.profiles.getProfile(id);
    if (!found) throw new Error(`no profile for ${id}`);
    return found;
  }
  async function reserveMany(id: string, count: number) {
    for (let i = 0; i < count; i += 1) await services.quota.reserve(id);
  }
  async function refusal(id: string) {
    const error: unknown = await services.quota.reserve(id).then(
      () => null,
      (err: unknown) => err,
    );
    if (!isAppError(error)) throw new Error(`expected an AppError, got ${String(error)}`);
    return { code: error.code, status: error.status, ...error.details };
  }

  it('starts a new account in a 14-day Pro trial with a cap of 100', async () => {
    const id = await account();
    expect(await profile(id)).toEqual({
      id,
      plan: 'free',
      effective_plan: 'pro',
      usage_this_month: 0,
      distinct_lookups_this_month: 0,
      failed_lookups_this_month: 0,
      free_failed_lookups: 100,
      limit: 100,
      quota_exhausted: false,
      upgrade_url: null,
      trial_expires_at: '2026-11-24T10:00:00.000Z',
      trial_usage: 0,
      trial_limit: 100,
      trial_active: true,
    });
    await reserveMany(id, 3);
    expect(await profile(id)).toMatchObject({ usage_this_month: 3, trial_usage: 3 });
  });

  it('refuses with trial_exhausted once the trial cap is used, while the trial runs', async () => {
    const id = await account();
    await reserveMany(id, 100);
    expect(await refusal(id)).toEqual({
      code: 'limit_reached',
      status: 402,
      reason: 'trial_exhausted',
      upgrade_url: BILLING_URL,
    });
    expect(await profile(id)).toMatchObject({
      effective_plan: 'free',
      limit: 0,
      trial_active: false,
      trial_usage: 100,
      quota_exhausted: true,
      upgrade_url: BILLING_URL,
    });
  });

  it('refuses with no_active_plan after the trial on the free plan', async () => {
    const id = await account();
    clock.advance(14 * DAY_MS);
    expect(await refusal(id)).toMatchObject({ reason: 'no_active_plan', status: 402 });
    expect(await profile(id)).toMatchObject({
      effective_plan: 'free',
      trial_active: false,
      quota_exhausted: true,
      limit: 0,
    });
  });

  it('caps a booked plan per Berlin calendar month and opens the next month', async () => {
    const id = await account('starter', 'over');
    expect(await profile(id)).toMatchObject({ effective_plan: 'starter', limit: 50 });
    await reserveMany(id, 50);
    expect(await refusal(id)).toMatchObject({ reason: 'monthly_limit_reached' });
    expect(await profile(id)).toMatchObject({ usage_this_month: 50, quota_exhausted: true });
    clock.set('2026-11-30T23:30:00Z'); // 00:30 on 1 December in Berlin
    expect(await profile(id)).toMatchObject({ usage_this_month: 0, quota_exhausted: false });
    await services.quota.reserve(id);
  });

  it('gives pro 500 and enterprise no cap', async () => {
    const pro = await account('pro', 'over');
    expect(await profile(pro)).toMatchObject({ effective_plan: 'pro', limit: 500 });
    const enterprise = await account('enterprise', 'over');
    await Promise.all(Array.from({ length: 120 }, () => services.quota.reserve(enterprise)));
    expect(await profile(enterprise)).toMatchObject({
      limit: null,
      usage_this_month: 120,
      quota_exhausted: false,
    });
  });

  it('keeps counting a booked plan after its trial is used up', async () => {
    const id = await account('starter');
    await reserveMany(id, 100);
    expect(await profile(id)).toMatchObject({ effective_plan: 'starter', trial_active: false });
    expect(await refusal(id)).toMatchObject({ reason: 'monthly_limit_reached' });
  });

  it('gives a count back once on release', async () => {
    const id = await account();
    const reservation = await services.quota.reserve(id);
    await reservation.release();
    await reservation.release();
    expect(await profile(id)).toMatchObject({ usage_this_month: 0, trial_usage: 0 });
  });

  it('blocks with payment_past_due only after the grace period', async () => {
    const id = await account('pro', 'over');
    await services.accounts.setPayment(id, 'past_due', new Date('2026-11-01T00:00:00Z'));
    clock.set('2026-11-14T23:59:59Z');
    await services.quota.reserve(id);
    clock.set('2026-11-15T00:00:00Z');
    expect(await refusal(id)).toEqual({
      code: 'payment_past_due',
      status: 402,
    });
    await services.accounts.setPayment(id, 'ok');
    await services.quota.reserve(id);
  });

  it('never exceeds a plan cap with 100 concurrent reservations for the last 10', async () => {
    const id = await account('starter', 'over');
    await reserveMany(id, 40);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 100 }, () => services.quota.reserve(id)),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(10);
    expect(await profile(id)).toMatchObject({ usage_this_month: 50 });
  });

  it('never exceeds the trial cap with 100 concurrent reservations for the last 10', async () => {
    const id = await account();
    await reserveMany(id, 90);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 100 }, () => services.quota.reserve(id)),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(10);
    const rejected = outcomes.filter((o) => o.status === 'rejected');
    expect(rejected.every((o) => isAppError(o.reason) && o.reason.code === 'limit_reached')).toBe(
      true,
    );
    expect(await profile(id)).toMatchObject({ usage_this_month: 100, trial_usage: 100 });
  });
});
