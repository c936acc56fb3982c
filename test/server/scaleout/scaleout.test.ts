// Two instances behind one (imaginary) load balancer share users, keys, usage
// and the land-value cache through MariaDB and the rate limit through Redis:
// what one instance counts, caches or revokes holds on the other.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEY_CACHE_TTL_MS } from '#server/apiKeys/apiKeyService.js';
import { DEMO_ADDRESSES } from '#dev/fakes/demoWorld.js';
import { createTestAccount } from '#dev/service/accounts.js';
import { hannoverAddresses } from '../../support/manyAddresses.js';
import { manualClock } from '../../support/clock.js';
import { expectValidResponse } from '../../support/openapi.js';
import { mysqlAvailability, redisAvailability, serviceAvailable } from '../../support/services.js';
import type { TestServer } from '#dev/service/testServer.js';
import { startTwoInstances, type TwoInstances } from './twoInstances.js';

const servicesUp =
  serviceAvailable('MariaDB', mysqlAvailability()) &&
  serviceAvailable('Redis', redisAvailability());

async function lookup(server: TestServer, token: string, address: string) {
  const query = new URLSearchParams({ address });
  const res = await fetch(`${server.url}/api/bodenrichtwert?${query}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const body = (await res.json()) as Record<string, unknown>;
  expectValidResponse('GET', '/api/bodenrichtwert', res.status, body);
  return { status: res.status, body };
}

const many = hannoverAddresses(200);

describe.runIf(servicesUp)('two instances on one MariaDB and one Redis', () => {
  const clock = manualClock('2026-11-10T10:00:00Z');
  let pair: TwoInstances;
  beforeAll(async () => {
    pair = await startTwoInstances(clock, { RATE_LIMIT_PER_MINUTE: '100000' }, many.places);
  });
  afterAll(async () => {
    await pair.close();
  });

  it('never lets 200 concurrent new lookups over both instances exceed a quota of 50', async () => {
    const { token, user } = await createTestAccount(pair.a.ctx, { plan: 'starter' });
    await pair.a.ctx.accounts.setTrialExpiry(user.id, null);
    // Warm both instances' caches with another account, so only the quota is at stake.
    const warm = await createTestAccount(pair.a.ctx, { plan: 'enterprise' });
    const warmed = await Promise.all(
      many.addresses.map((address) => lookup(pair.a, warm.token, address)),
    );
    expect(warmed.every((answer) => answer.status === 200)).toBe(true);

    const answers = await Promise.all(
      many.addresses.map((address, i) => lookup(i % 2 === 0 ? pair.a : pair.b, token, address)),
    );
    const ok = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.status === 402);
    expect(ok).toHaveLength(50);
    expect(refused).toHaveLength(150);
    expect(refused[0]?.body).toMatchObject({
      error: 'limit_reached',
      reason: 'monthly_limit_reached',
    });
    await Promise.all([pair.a.ctx.idle(), pair.b.ctx.idle()]);
    const profile = await pair.b.ctx.profiles.getProfile(user.id);
    expect(profile?.usage_this_month).toBe(50);
    expect(profile?.distinct_lookups_this_month).toBe(50);
  });

  it('counts 40 concurrent identical first lookups over both instances once', async () => {
    const { token, user } = await createTestAccount(pair.a.ctx, { plan: 'pro' });
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        lookup(i % 2 === 0 ? pair.a : pair.b, token, DEMO_ADDRESSES.muenster),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 40 }, () => 200));
    // The records are written behind the answers; the extra counts are given back there.
    await Promise.all([pair.a.ctx.idle(), pair.b.ctx.idle()]);
    const profile = await pair.a.ctx.profiles.getProfile(user.id);
    expect(profile).toMatchObject({ usage_this_month: 1, distinct_lookups_this_month: 1 });
  });

  it('answers a lookup cached by one instance from the cache on the other', async () => {
    const { token } = await createTestAccount(pair.a.ctx, { plan: 'enterprise' });
    const calls = () => ({ geocoder: pair.nominatim.calls, source: pair.wfs.totalCalls() });
    const before = calls();
    const first = await lookup(pair.a, token, DEMO_ADDRESSES.bremen);
    expect(first).toMatchObject({ status: 200, body: { cache_hit: false } });
    // The cache rows are written right after the answer.
    await pair.a.ctx.lookup.idle();
    const second = await lookup(pair.b, token, DEMO_ADDRESSES.bremen);
    expect(second).toMatchObject({ status: 200, body: { cache_hit: true } });
    expect(second.body.bodenrichtwerte).toEqual(first.body.bodenrichtwerte);
    expect(calls()).toEqual({ geocoder: before.geocoder + 1, source: before.source + 1 });
  });

  it('refuses a key revoked on one instance on the other within the documented delay', async () => {
    const { token, keyId } = await createTestAccount(pair.a.ctx, { plan: 'enterprise' });
    const me = async (server: TestServer) =>
      (await fetch(`${server.url}/api/me`, { headers: { Authorization: `Bearer ${token}` } }))
        .status;
    expect(await me(pair.a)).toBe(200);
    expect(await me(pair.b)).toBe(200);
    expect(await pair.a.ctx.apiKeys.revoke(keyId)).toBe(true);
    expect(await me(pair.a)).toBe(401);
    clock.advance(KEY_CACHE_TTL_MS + 1);
    expect(await me(pair.b)).toBe(401);
  });
});

describe.runIf(servicesUp)('the rate limit of two instances on one Redis', () => {
  const clock = manualClock('2026-11-10T10:00:00Z');
  let pair: TwoInstances;
  beforeAll(async () => {
    pair = await startTwoInstances(clock, { RATE_LIMIT_PER_MINUTE: '120' });
  });
  afterAll(async () => {
    await pair.close();
  });

  it('allows 120 requests per minute and IP over both instances together', async () => {
    const { token } = await createTestAccount(pair.a.ctx);
    const calculate = async (server: TestServer) => {
      const res = await fetch(`${server.url}/api/bodenwert`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ brw: 100, gfz_referenz: 1, gfz_tatsaechlich: 1 }),
      });
      await res.arrayBuffer();
      return res.status;
    };
    // 80 per instance: each alone would stay under 120, only a shared count refuses 40.
    const statuses: number[] = [];
    for (let i = 0; i < 160; i += 1) statuses.push(await calculate(i % 2 === 0 ? pair.a : pair.b));
    expect(statuses.slice(0, 120).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(120).every((status) => status === 429)).toBe(true);
  });
});
